import { Rectangle, Sprite, type Renderer, type Texture } from 'pixi.js';
import { drawAhead } from '../shared/idle.ts';
import { cardBack, cardFace } from './cards.ts';

const BACK = -1;
const CARDS = 52;

/**
 * The deck as textures (ADR 049 addendum): each face and the back is drawn from its vectors once per
 * card width, into a texture a card on the felt shows as a sprite. Drawing a face (its paths, its
 * corner letters) is the costly part of a deal, so the faces not drawn yet are drawn in the browser's
 * idle time after the table is laid out, and a deal only places sprites.
 */
export function createDeck(renderer: Renderer) {
  let width = 0;
  const textures = new Map<number, Texture>();

  function textureOf(card: number): Texture {
    let texture = textures.get(card);
    if (texture) return texture;
    const art = card === BACK ? cardBack(width) : cardFace(card, width);
    // A frame around the card's centre with room for its shadow, so the sprite's anchor is the centre.
    const height = width * 1.4;
    const pad = width * 0.08;
    texture = renderer.generateTexture({
      target: art,
      frame: new Rectangle(-width / 2 - pad, -height / 2 - pad, width + pad * 2, height + pad * 2),
      resolution: renderer.resolution,
      antialias: true,
    });
    art.destroy({ children: true });
    textures.set(card, texture);
    return texture;
  }

  return {
    /** The card width of the table's layout: a new one draws the deck again (in idle time). */
    resize(cardWidth: number) {
      if (cardWidth === width) return;
      width = cardWidth;
      for (const texture of textures.values()) texture.destroy(true);
      textures.clear();
      // The cards not drawn yet when a deal needs them are drawn then; each width draws once.
      const drawnFor = width;
      drawAhead(
        renderer,
        [BACK, ...Array.from({ length: CARDS }, (_, card) => card)].map((card) => () => {
          if (width === drawnFor) textureOf(card);
        }),
      );
    },
    /** A card (or the back, for `null`) as a sprite centred at 0,0. */
    sprite(card: number | null): Sprite {
      const sprite = new Sprite(textureOf(card ?? BACK));
      sprite.anchor.set(0.5);
      return sprite;
    },
  };
}

export type Deck = ReturnType<typeof createDeck>;
