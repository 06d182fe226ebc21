/** Our covers: the demo's SVG, or an operator's upload (WebP, `?v=` its version; ADR 037). */
const OUR_COVER = /^(\/api\/v18\/game-images\/[a-z0-9-]+)\.(?:svg|webp\?v=([a-f0-9]{16}))$/;
const WIDTHS = [240, 480];

/**
 * A game's cover: WebP at the widths the layout needs (spec §9 images in webp with a width), the
 * original as the fallback; always sized, so nothing shifts as it loads.
 */
export function GameCover({
  src,
  width,
  height,
  sizes,
  eager = false,
  className,
}: {
  src: string;
  width: number;
  height: number;
  sizes: string;
  eager?: boolean;
  className: string;
}) {
  const ours = OUR_COVER.exec(src);
  const image = (
    <img
      src={src}
      alt=""
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={className}
    />
  );
  if (!ours) return image;
  return (
    <picture>
      <source
        type="image/webp"
        srcSet={WIDTHS.map((w) => `${ours[1]}.webp?${ours[2] ? `v=${ours[2]}&` : ''}w=${w} ${w}w`).join(', ')}
        sizes={sizes}
      />
      {image}
    </picture>
  );
}
