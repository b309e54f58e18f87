/**
 * The one banner rule of a community page (issue 17), said in the form where an admin sets either image: the banner
 * (hero) shows its own background image if one is uploaded, else the community image; "Colour" gives a plain
 * banner instead (web/src/app/routes/public/community-view.tsx).
 */
export const BANNER_RULE =
  'Shown on cards and as the page banner, unless the banner has its own image or is set to a plain colour (Sections → Hero background).';
export const HERO_BACKGROUND_RULE =
  'Image: the hero background image below if you upload one, otherwise the community image. Colour: a plain banner.';
