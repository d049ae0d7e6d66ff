// Site header (SPEC §2, §9): from 768 px a horizontal navigation with the 'Our Doodles' and 'Resources' dropdowns,
// drawn compact from 768 to 1279 px so the whole bar fits on one line signed out, as a family and as the admin
// (Header.module.css); below 768 px a toggled menu; section navigation, and a 'scrolled' look past 50 px.
import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { Burger, Button, Collapse, Container } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { AuthLinks } from '../../features/auth/client/AuthLinks.tsx';
import { useAuth } from '../../features/auth/client/auth-context.ts';
import { useUnreadMessages } from '../../features/messages/client/unread.ts';
import { ThemeSwitch } from './ThemeSwitch.tsx';
import { trpc } from '../../lib/client/trpc.ts';
import { imageUrl } from '../../lib/shared/format.ts';
import { sectionLinkProps, useSectionNav } from './use-section-nav.ts';
import classes from './Header.module.css';

/** SPEC §9: the header turns 'scrolled' once the page is scrolled more than 50 px. */
export const SCROLLED_THRESHOLD = 50;

type NavItem = { label: string; section: string } | { label: string; to: RoutePath };
type RoutePath = '/family-tree' | '/resources' | '/blog' | '/questionnaire' | '/privacy-policy' | '/terms-of-service';

const DOODLES: NavItem[] = [
  { label: 'Our Puppies', section: 'puppies' },
  { label: 'Our Parents', section: 'parents' },
  { label: 'Our Litters', section: 'litters' },
  { label: 'Family Tree', to: '/family-tree' },
];

const RESOURCES: NavItem[] = [
  { label: 'Owner Resources', to: '/resources' },
  { label: 'Family Questionnaire', to: '/questionnaire' },
  { label: 'Blog', to: '/blog' },
  { label: 'FAQ', section: 'faq' },
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Terms of Service', to: '/terms-of-service' },
];

function useScrolled(threshold: number) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}

export function Header() {
  const scrolled = useScrolled(SCROLLED_THRESHOLD);
  const [open, setOpen] = useState(false);
  const go = useSectionNav();
  const settings = useQuery(trpc.settings.get.queryOptions());
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const menuId = useId();
  const close = () => setOpen(false);
  const { user } = useAuth();
  // A family's unread messages from the breeder: a dot on the account button (and on the phone's menu button), a count
  // beside My Family.
  const unread = useUnreadMessages(Boolean(user && !user.isAdmin));

  // Any navigation closes the mobile menu; so does Escape.
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const brand = settings.data?.breederName ?? 'Mini Goldendoodles';

  return (
    <header id="header" className={classes.header} data-scrolled={scrolled || undefined}>
      <Container size="lg" className={classes.bar}>
        {/* From 768 to 1023 px the brand is its logo alone (the name is not drawn there): the link is named by
            aria-label, the same words as its visible text at every other width. */}
        <a className={classes.brand} aria-label={brand} {...sectionLinkProps('home', go, close)}>
          <BrandMark logoUrl={settings.data?.logoUrl ?? null} />
          <span className={classes.brandText}>{brand}</span>
        </a>

        <nav aria-label="Main" className={classes.nav}>
          <DesktopNav go={go} unread={unread} />
        </nav>

        <Burger
          className={classes.burger}
          opened={open}
          onClick={() => setOpen((o) => !o)}
          aria-label={`${open ? 'Close navigation menu' : 'Open navigation menu'}${unread > 0 && !open ? `, ${unread} unread ${unread === 1 ? 'message' : 'messages'}` : ''}`}
          aria-expanded={open}
          aria-controls={menuId}
          size="sm"
        >
          {unread > 0 && !open && <span data-unread-dot="" aria-hidden="true" />}
        </Burger>
      </Container>

      {open && (
        <nav id={menuId} aria-label="Mobile" className={classes.mobilePanel}>
          <Container size="lg">
            <MobileNav go={go} close={close} unread={unread} />
          </Container>
        </nav>
      )}
    </header>
  );
}

/**
 * The kennel's logo from Site settings (a 160 px copy for a 32 px box, sharp on any screen), else the paw-print mark
 * (the favicon's), drawn inline; decorative either way: the name beside it names the link.
 */
function BrandMark({ logoUrl }: { logoUrl: string | null }) {
  if (logoUrl)
    return <img className={classes.logo} src={imageUrl(logoUrl, 160)} width={32} height={32} alt="" style={{ objectFit: 'contain' }} />;
  return (
    <svg className={classes.logo} viewBox="0 0 64 64" width="32" height="32" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#b7791f" />
      <g fill="#fff">
        <ellipse cx="32" cy="40" rx="11" ry="9" />
        <ellipse cx="19" cy="27" rx="4.5" ry="6" />
        <ellipse cx="27" cy="19" rx="4.5" ry="6" />
        <ellipse cx="37" cy="19" rx="4.5" ry="6" />
        <ellipse cx="45" cy="27" rx="4.5" ry="6" />
      </g>
    </svg>
  );
}

function DesktopNav({ go, unread }: { go: (id: string) => void; unread: number }) {
  return (
    <>
      <a className={classes.navLink} {...sectionLinkProps('home', go)}>
        Home
      </a>
      <a className={classes.navLink} {...sectionLinkProps('about', go)}>
        About
      </a>
      <NavDropdown label="Our Doodles" items={DOODLES} go={go} />
      <a className={classes.navLink} {...sectionLinkProps('process', go)}>
        Our Process
      </a>
      <a className={classes.navLink} {...sectionLinkProps('gallery', go)}>
        Gallery
      </a>
      <NavDropdown label="Resources" items={RESOURCES} go={go} />
      <ThemeSwitch />
      <span className={classes.auth}>
        <AuthLinks unread={unread} />
      </span>
      <Button component="a" size="sm" className={classes.contact} {...sectionLinkProps('contact', go)}>
        Contact Us
      </Button>
    </>
  );
}

/**
 * A disclosure dropdown (the WAI pattern for site navigation): the button toggles a list of links;
 * Escape, a click elsewhere or focus leaving closes it.
 */
function NavDropdown({ label, items, go }: { label: string; items: NavItem[]; go: (id: string) => void }) {
  const [opened, setOpened] = useState(false);
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = () => setOpened(false);

  useEffect(() => {
    if (!opened) return;
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpened(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpened(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [opened]);

  const onKeyDown = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const links = Array.from(rootRef.current?.querySelectorAll<HTMLElement>('[data-dropdown-link]') ?? []);
    if (!links.length) return;
    e.preventDefault();
    if (!opened) setOpened(true);
    const at = links.indexOf(document.activeElement as HTMLElement);
    const next = e.key === 'ArrowDown' ? (at + 1) % links.length : (at - 1 + links.length) % links.length;
    (links[next] ?? links[0])!.focus();
  };

  return (
    <div
      ref={rootRef}
      className={classes.dropdown}
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpened(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={classes.navLink}
        aria-expanded={opened}
        aria-controls={id}
        onClick={() => setOpened((o) => !o)}
      >
        {label}
        <IconChevronDown size={14} aria-hidden="true" className={classes.chevron} data-open={opened || undefined} />
      </button>
      <ul id={id} className={classes.dropdownList} hidden={!opened}>
        {items.map((item) => (
          <li key={item.label}>
            {'section' in item ? (
              <a className={classes.dropdownLink} data-dropdown-link="" {...sectionLinkProps(item.section, go, close)}>
                {item.label}
              </a>
            ) : (
              <Link className={classes.dropdownLink} data-dropdown-link="" to={item.to} onClick={close}>
                {item.label}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function MobileGroup({ label, items, go, close }: { label: string; items: NavItem[]; go: (id: string) => void; close: () => void }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  return (
    <>
      <button
        type="button"
        className={classes.mobileLink}
        aria-expanded={expanded}
        aria-controls={id}
        onClick={() => setExpanded((e) => !e)}
      >
        {label}
        <IconChevronDown size={16} aria-hidden="true" className={classes.chevron} data-open={expanded || undefined} />
      </button>
      <Collapse expanded={expanded} id={id}>
        {items.map((item) =>
          'section' in item ? (
            <a key={item.label} className={classes.mobileSubLink} {...sectionLinkProps(item.section, go, close)}>
              {item.label}
            </a>
          ) : (
            <Link key={item.label} className={classes.mobileSubLink} to={item.to} onClick={close}>
              {item.label}
            </Link>
          ),
        )}
      </Collapse>
    </>
  );
}

function MobileNav({ go, close, unread }: { go: (id: string) => void; close: () => void; unread: number }) {
  return (
    <>
      <a className={classes.mobileLink} {...sectionLinkProps('home', go, close)}>
        Home
      </a>
      <a className={classes.mobileLink} {...sectionLinkProps('about', go, close)}>
        About
      </a>
      <MobileGroup label="Our Doodles" items={DOODLES} go={go} close={close} />
      <a className={classes.mobileLink} {...sectionLinkProps('process', go, close)}>
        Our Process
      </a>
      <a className={classes.mobileLink} {...sectionLinkProps('gallery', go, close)}>
        Gallery
      </a>
      <MobileGroup label="Resources" items={RESOURCES} go={go} close={close} />
      <div className={classes.mobileAuth}>
        <AuthLinks onNavigate={close} unread={unread} />
      </div>
      <ThemeSwitch withLabels />
      <Button component="a" fullWidth mt="sm" {...sectionLinkProps('contact', go, close)}>
        Contact Us
      </Button>
    </>
  );
}
