import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';

/**
 * The left column of the member and admin areas. Below 800px it folds into a hamburger button; the open panel
 * closes on navigation, on a click outside it and on Escape.
 */
export function SideMenu({
  label,
  summary,
  children,
}: {
  label: string;
  /** Shown in the folded menu's button too (the member's balance), so a phone sees it without opening the menu. */
  summary?: ReactNode;
  children: ReactNode;
}) {
  const location = useLocation();
  // Open only for the location it was opened on, so any navigation (even to the same page) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.key;
  const menuRef = useRef<HTMLElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const close = () => setOpenOn(null);
    const closeOnOutsideClick = (event: PointerEvent) => {
      if (!menuRef.current?.contains(event.target as Node)) close();
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('pointerdown', closeOnOutsideClick);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutsideClick);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  return (
    <aside ref={menuRef} className="side-menu" data-open={open}>
      <button
        type="button"
        className="side-menu__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpenOn(open ? null : location.key)}
      >
        <span className="hamburger" aria-hidden="true" />
        {label}
        {summary}
      </button>
      <div id={panelId} className="side-menu__panel">
        {children}
      </div>
    </aside>
  );
}

export interface MenuItem {
  to: string;
  label: string;
}

export function MenuLinks({ label, items }: { label: string; items: readonly MenuItem[] }) {
  return (
    <nav aria-label={label}>
      <ul className="menu-links">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to}>{item.label}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
