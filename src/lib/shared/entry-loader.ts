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

const MODULE_ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/** The built index.html with its entry module started by ENTRY_LOADER; unchanged when it has no such script. */
export function deferEntryScript(html: string): string {
  return html.replace(MODULE_ENTRY, (_, src: string) => `<script data-entry="${src}">${ENTRY_LOADER}</script>`);
}
