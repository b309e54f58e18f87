/**
 * The Settings tabs (SPEC §2 "Settings page"): General, Appearance, SEO and Password, as an ARIA tablist with
 * roving focus (arrow keys, Home, End).
 */
import { useRef, type KeyboardEvent } from 'react';

export const SETTINGS_TABS = [
  { id: 'general', label: 'General' },
  { id: 'appearance', label: 'Appearance' },
  { id: 'seo', label: 'SEO' },
  { id: 'password', label: 'Password' },
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number]['id'];

export const isSettingsTab = (value: string | null): value is SettingsTab =>
  SETTINGS_TABS.some((tab) => tab.id === value);

/** The tab a key moves to from `index`, or null for another key. */
function nextIndex(key: string, index: number): number | null {
  const last = SETTINGS_TABS.length - 1;
  if (key === 'ArrowRight') return (index + 1) % SETTINGS_TABS.length;
  if (key === 'ArrowLeft') return (index + last) % SETTINGS_TABS.length;
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  return null;
}

export function SettingsTabList({
  tab,
  onChange,
  tabId,
  panelId,
}: {
  tab: SettingsTab;
  onChange: (tab: SettingsTab) => void;
  tabId: (tab: SettingsTab) => string;
  panelId: (tab: SettingsTab) => string;
}) {
  const tabRefs = useRef<Partial<Record<SettingsTab, HTMLButtonElement | null>>>({});

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = nextIndex(event.key, index);
    if (next === null) return;
    event.preventDefault();
    const target = SETTINGS_TABS[next]!.id;
    onChange(target);
    tabRefs.current[target]?.focus();
  };

  return (
    <div className="admin-tabs" role="tablist" aria-label="Settings sections">
      {SETTINGS_TABS.map((item, index) => (
        <button
          key={item.id}
          ref={(element) => {
            tabRefs.current[item.id] = element;
          }}
          type="button"
          role="tab"
          id={tabId(item.id)}
          className="admin-tab"
          aria-selected={tab === item.id}
          // Only the selected site tab's panel is on the page (Password's is kept mounted); a reference to a
          // panel that is not there would point assistive technology at nothing.
          aria-controls={tab === item.id || item.id === 'password' ? panelId(item.id) : undefined}
          tabIndex={tab === item.id ? 0 : -1}
          onClick={() => onChange(item.id)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
