// How a page starts the app's code (decision 098). The server's HTML is the page; the code only hydrates it.
// The build replaces Vite's `<script type="module" src=…>` with this small inline script, which imports the
// same entry once the browser reports the page's first contentful paint: on a phone that paint no longer
// waits behind the entry's evaluation, and the entry's thirty imports no longer compete with the stylesheet
// and the pictures of that paint. It imports at once where there is nothing to paint first (the dashboard
// and sign-in pages, whose markup the code makes) or the tab is in the background; at the load event where
// the browser cannot report paints; and after 3 s at the latest. The CSP allows it by its hash
// (src/server/plugins/security.ts); the entry's address is an attribute, so the script's text, and its hash,
// stay the same from build to build.

export const ENTRY_LOADER =
  "(function(){var e=document.currentScript.getAttribute('data-entry'),done=0,go=function(){if(!done){done=1;import(e)}},start=function(){var r=document.getElementById('root');if(!r||!r.firstChild||document.visibilityState==='hidden')return go();try{new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length)go()}).observe({type:'paint',buffered:true});if(PerformanceObserver.supportedEntryTypes.indexOf('paint')<0)throw 0;setTimeout(go,3000)}catch(x){addEventListener('load',go,{once:true})}};document.readyState==='loading'?document.addEventListener('DOMContentLoaded',start,{once:true}):start()})();";

const MODULE_ENTRY = /\n?[ \t]*<script type="module" crossorigin src="([^"]+)"><\/script>/;

/**
 * The built index.html with its entry module started by ENTRY_LOADER; unchanged when it has no such script.
 * The loader goes last in the head, after the page's stylesheet: a classic script waits for the stylesheets
 * before it, and the parser waits for the script, so the body is not parsed before its styles arrive. On a
 * slow phone with a long page (the home page), Chrome otherwise laid the whole body out once unstyled, 1288
 * pixels wide around the hero's 1280-pixel picture, and again when the sheet came (about 70 ms each,
 * throttled). Rendering waits for that sheet anyway, so the first paint comes no later.
 */
export function deferEntryScript(html: string): string {
  const entry = MODULE_ENTRY.exec(html);
  if (!entry) return html;
  const loader = `<script data-entry="${entry[1]}">${ENTRY_LOADER}</script>`;
  const rest = html.replace(MODULE_ENTRY, '');
  return rest.includes('</head>') ? rest.replace(/([ \t]*)<\/head>/, `$1  ${loader}\n$1</head>`) : `${rest}${loader}`;
}
