/**
 * Shown while a client navigation loads the next page's code and data (react-router's useNavigation): a panel
 * with a spinner over the current page, 'Loading Community' when a community page is on its way (SPEC §2).
 */
import { useNavigation } from 'react-router-dom';
import { PUBLIC_MESSAGES } from '@domain/public-messages';

export function NavigationStatus() {
  const navigation = useNavigation();
  const target = navigation.state === 'loading' ? navigation.location.pathname : null;
  if (target === null) return null;
  const label = target.startsWith('/community/')
    ? PUBLIC_MESSAGES.loadingCommunity
    : target === '/communities'
      ? 'Loading Communities'
      : 'Loading';
  return (
    <div className="navigation-status" role="status" aria-live="polite">
      <div className="navigation-status__panel">
        <span className="spinner" aria-hidden="true" />
        <span>{label}</span>
      </div>
    </div>
  );
}
