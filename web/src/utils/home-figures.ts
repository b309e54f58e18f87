/**
 * The home page's about figures, computed from the communities (issue 17 "Facts from the data"): the SPEC's fixed
 * "6+ / $200K+ / 15+ / A+" read wrong as soon as the catalogue changed (9 communities listed under "6+"). A
 * figure with nothing behind it (no builders, no price) is left out rather than shown as 0.
 */
import type { CommunityListItem } from '@domain/schemas/community';
import { formatCount } from './format';

export interface HomeFigure {
  value: string;
  label: string;
}

/** A list item, or a whole record (its builders) where a reader hands those out. */
type FigureSource = Pick<CommunityListItem, 'priceRange' | 'schools' | 'builderNames'> & {
  builders?: readonly { name: string }[];
};

const builderNames = (community: FigureSource) =>
  community.builderNames ?? community.builders?.map((builder) => builder.name) ?? [];

/** The first amount of a price range ("$280s - $550s", "From $1.2M", "$350K+"), in dollars; null if none. */
export function startingPrice(priceRange: string): number | null {
  const match = /\$\s*(\d+(?:[.,]\d+)?)\s*([kKmM]|s\b)?/.exec(priceRange);
  if (!match) return null;
  const amount = Number(match[1]!.replace(',', ''));
  const unit = match[2]?.toLowerCase();
  const factor = unit === 'm' ? 1_000_000 : unit === 'k' || unit === 's' ? 1_000 : 1;
  return Number.isFinite(amount) ? amount * factor : null;
}

/** "$230K+", "$1.2M+". */
function priceFigure(dollars: number): string {
  if (dollars >= 1_000_000) return `$${Number((dollars / 1_000_000).toFixed(1))}M+`;
  return `$${formatCount(Math.floor(dollars / 1_000))}K+`;
}

/** School districts named among a community's schools ("Katy ISD", "Lamar CISD", "Spring Branch School District"). */
const isDistrict = (school: string) => /\b(C?ISD|School District)\b/i.test(school);

const distinct = (names: readonly string[]) => new Set(names.map((name) => name.trim().toLowerCase())).size;

export function homeFigures(communities: readonly FigureSource[]): HomeFigure[] {
  const prices = communities.map((community) => startingPrice(community.priceRange)).filter((price) => price !== null);
  const builders = distinct(communities.flatMap(builderNames));
  const districts = distinct(communities.flatMap((community) => community.schools.filter(isDistrict)));
  const figures: (HomeFigure | null)[] = [
    communities.length
      ? { value: formatCount(communities.length), label: communities.length === 1 ? 'Community' : 'Communities' }
      : null,
    prices.length ? { value: priceFigure(Math.min(...prices)), label: 'Starting Prices' } : null,
    builders ? { value: formatCount(builders), label: builders === 1 ? 'Builder' : 'Builders' } : null,
    districts
      ? { value: formatCount(districts), label: districts === 1 ? 'School District' : 'School Districts' }
      : null,
  ];
  return figures.filter((figure) => figure !== null);
}
