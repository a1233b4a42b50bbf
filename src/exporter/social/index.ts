export { CARD_HEIGHT, CARD_WIDTH } from "./card-layout.ts";
export { drawSiteCard, type SiteCardFile, wantsSiteCard } from "./site-card.ts";
