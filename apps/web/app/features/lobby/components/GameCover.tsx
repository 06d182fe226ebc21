const OUR_COVER = /^(\/api\/v18\/game-images\/[a-z0-9-]+)\.svg$/;
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
        srcSet={WIDTHS.map((w) => `${ours[1]}.webp?w=${w} ${w}w`).join(', ')}
        sizes={sizes}
      />
      {image}
    </picture>
  );
}
