import { Link } from 'react-router';
import type { RotatorSlide } from '@kometa/contracts';
import { ru } from '../../i18n/ru.ts';

/** A banner's link: the site's own paths through the router, others as plain links. */
function BannerLink({ url, text }: { url: string; text: string }) {
  return url.startsWith('/') && !url.startsWith('//') ? (
    <Link className="button button-primary" to={url}>
      {text}
    </Link>
  ) : (
    <a className="button button-primary" href={url} rel="noopener noreferrer">
      {text}
    </a>
  );
}

/**
 * The home page's banners (rotator slot header_main_slider, ADR 038): the operator's live slides for
 * this visitor in their order, side by side and swiped on a phone (scroll snapping, no script).
 */
export function HomeBanners({ slides, isMobile }: { slides: RotatorSlide[]; isMobile: boolean }) {
  if (slides.length === 0) return null;
  return (
    <section className="home-banners" aria-label={ru.home.banners}>
      {slides.map((slide) => {
        const image = (isMobile ? slide.image.mobile : slide.image.desktop) ?? slide.image.desktop;
        return (
          <article key={slide.id} className="home-banner" data-testid="home-banner">
            {image ? <img className="home-banner-image" src={image} alt="" loading="lazy" /> : null}
            <div className="home-banner-body">
              <h2>{slide.title}</h2>
              {slide.text ? <p>{slide.text}</p> : null}
              {slide.link ? (
                <BannerLink url={slide.link.url} text={slide.link.text ?? ru.home.bannerMore} />
              ) : null}
            </div>
          </article>
        );
      })}
    </section>
  );
}
