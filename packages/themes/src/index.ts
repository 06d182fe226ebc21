export { THEME_IDS, type Palette, type Theme, type ThemeId, type ThemeSymbol } from './theme.ts';
export {
  DEMO_STUDIO_GAME_COUNT,
  THEMES,
  THEME_TAGS,
  demoGame,
  demoGameBySlug,
  lookOf,
  lookOfSlug,
  themeById,
  type DemoGameIdentity,
  type DemoGameLook,
} from './catalogue.ts';
export { themedBackdropSvg, themedCoverSvg, themedSymbols, type ThemedSymbols } from './cover.ts';
export { STUDIO_LOGO_NAMES, studioLogoSvg } from './studio-logos.ts';
