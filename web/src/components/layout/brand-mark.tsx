/** The logo: the settings' logo image when one is set, else the house mark. Decorative next to the site name. */
import { Icon, HOME } from '../icon';

export function BrandMark({ logoUrl }: { logoUrl: string }) {
  return logoUrl ? (
    <img className="brand-mark brand-mark--image" src={logoUrl} alt="" width={40} height={40} />
  ) : (
    <span className="brand-mark">
      <Icon svg={HOME} size={22} />
    </span>
  );
}
