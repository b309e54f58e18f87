/**
 * The map itself (issue 17): greater Houston's counties, the six job centres and a pin per community, drawn as one
 * SVG from data shipped with the app (no tiles, nothing fetched), so it works offline. It is an image to assistive
 * technology (role="img" with a title and a description); the list or table beside it carries the same facts.
 */
import { drawMap, MAP_HEIGHT, MAP_WIDTH, type MapPlace } from './map-geometry';

/** Where each centre's label sits, so the close ones in the middle (Downtown, Galleria, TMC) do not collide. */
const LABEL_PLACES: Record<string, { dx: number; dy: number; end?: boolean }> = {
  downtown: { dx: 7, dy: -2 },
  'medical-center': { dx: 7, dy: 12 },
  galleria: { dx: -7, dy: 12, end: true },
  'energy-corridor': { dx: -7, dy: -4, end: true },
  // Below its square: League City's communities sit just west of it.
  'port-nasa': { dx: 6, dy: 16 },
};

export interface HoustonMapProps {
  places: readonly MapPlace[];
  /** The community the page is about: a bigger, labelled pin. */
  currentId?: string | undefined;
  title: string;
  description: string;
}

export default function HoustonMap({ places, currentId, title, description }: HoustonMapProps) {
  const { counties, pins, centres } = drawMap(places);
  // The current community last, so its pin is drawn over any neighbour's.
  const ordered = [...pins].sort((a, b) => Number(a.id === currentId) - Number(b.id === currentId));
  return (
    <svg
      className={currentId ? 'houston-map houston-map--focus' : 'houston-map'}
      viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`}
      role="img"
      aria-labelledby="houston-map-title"
      aria-describedby="houston-map-desc"
    >
      <title id="houston-map-title">{title}</title>
      <desc id="houston-map-desc">{description}</desc>
      <g className="houston-map__counties">
        {counties.map((county) => (
          <path key={county.id} d={county.path} data-county={county.name} />
        ))}
      </g>
      <g className="houston-map__county-names" aria-hidden="true">
        {counties.map((county) => (
          <text key={county.id} x={county.label[0]} y={county.label[1]}>
            {county.name}
          </text>
        ))}
      </g>
      <g className="houston-map__centres">
        {centres.map((centre) => {
          const label = LABEL_PLACES[centre.id] ?? { dx: 7, dy: 4 };
          return (
            <g key={centre.id} className="houston-map__centre" data-centre={centre.id}>
              <rect x={centre.x - 4} y={centre.y - 4} width={8} height={8} />
              <text x={centre.x + label.dx} y={centre.y + label.dy} textAnchor={label.end ? 'end' : undefined}>
                {centre.name}
              </text>
            </g>
          );
        })}
      </g>
      <g className="houston-map__pins">
        {ordered.map((pin) => {
          const current = pin.id === currentId;
          return (
            <g
              key={pin.id}
              className={current ? 'map-pin map-pin--current' : 'map-pin'}
              data-community-id={pin.id}
              transform={`translate(${pin.x} ${pin.y})`}
            >
              <title>{pin.name}</title>
              {/* A teardrop pin whose point sits on the position. */}
              <path d="M0 0C-2-6-8-9-8-15a8 8 0 0 1 16 0c0 6-6 9-8 15z" />
              <circle cy={-15} r={3} />
              {current && (
                <text x={11} y={-14}>
                  {pin.name}
                </text>
              )}
            </g>
          );
        })}
      </g>
    </svg>
  );
}
