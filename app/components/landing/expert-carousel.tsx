import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "~/lib/i18n";

export type ExpertCard = { id: number; expertName: string; expertPosition: string; description: string; photo: string; chips: string[] };

/** spec 1 §2: the carousel rotates every 3.5 s. */
export const ROTATE_MS = 3500;

/**
 * The expert tabs as a tabbed carousel (WAI-ARIA APG): a tab per expert, previous/next buttons and a
 * rotation button. Rotation is timed by a CSS animation (`.lp-carousel__timer`) whose end moves to the
 * next slide, so hovering or focusing the carousel pauses it with CSS alone (animation-play-state) and
 * the progress line shows the time left. Under prefers-reduced-motion the animation is off: no autoplay.
 * Slides share one grid cell, so the block keeps the height of the tallest: nothing below it moves.
 */
export function ExpertCarousel({ experts }: { experts: ExpertCard[] }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [ready, setReady] = useState(false);
  const [focused, setFocused] = useState(false);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const id = useId();
  const count = experts.length;

  useEffect(() => {
    // Rotation starts once the page is interactive (the timer's end must reach a handler).
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) setPlaying(false);
    setReady(true);
  }, []);

  if (count === 0) return null;
  const go = (next: number) => setIndex(((next % count) + count) % count);

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowDown: index + 1, ArrowLeft: index - 1, ArrowUp: index - 1, Home: 0, End: count - 1 };
    const target = moves[e.key];
    if (target === undefined) return;
    e.preventDefault();
    const next = ((target % count) + count) % count;
    setIndex(next);
    tabs.current[next]?.focus();
  };

  const rotating = playing && ready && count > 1;
  return (
    <div
      className={`lp-carousel${rotating ? " is-rotating" : ""}`}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="lp-carousel__tabs" role="tablist" aria-label={t("landing.carousel.label")}>
        {experts.map((expert, i) => (
          <button
            key={expert.id}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${i}`}
            aria-selected={i === index}
            aria-controls={`${id}-panel-${i}`}
            tabIndex={i === index ? 0 : -1}
            className="lp-carousel__tab"
            onClick={() => go(i)}
            onKeyDown={onTabKey}
          >
            <img src={expert.photo} width={44} height={44} alt="" loading="lazy" decoding="async" className="lp-carousel__tab-photo" />
            <span className="lp-carousel__tab-text">
              <span className="lp-carousel__tab-name">{expert.expertName}</span>
              <span className="lp-carousel__tab-position">{expert.expertPosition}</span>
            </span>
          </button>
        ))}
      </div>
      <div className="lp-carousel__stage">
        <div className="lp-carousel__slides" aria-live={rotating && !focused ? "off" : "polite"}>
          {experts.map((expert, i) => (
            <div key={expert.id} role="tabpanel" id={`${id}-panel-${i}`} aria-labelledby={`${id}-tab-${i}`} hidden={i !== index} className="lp-carousel__slide">
              <img src={expert.photo} width={120} height={120} alt="" loading="lazy" decoding="async" className="lp-carousel__photo" />
              <div className="lp-carousel__who">
                <p className="lp-carousel__name">{expert.expertName}</p>
                <p className="lp-carousel__position">{expert.expertPosition}</p>
              </div>
              <div className="lp-carousel__body">
                <p className="lp-carousel__quote">{expert.description}</p>
                <ul className="lp-chips">
                  {expert.chips.map((chip) => (
                    <li key={chip} className="lp-chip">
                      {chip}
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          ))}
        </div>
        <div className="lp-carousel__bar">
          <span className="lp-carousel__count" aria-hidden="true">
            {t("landing.carousel.slide", { index: index + 1, total: count })}
          </span>
          <span className="lp-carousel__track" aria-hidden="true">
            {rotating ? <span key={index} className="lp-carousel__timer" style={{ animationDuration: `${ROTATE_MS}ms` }} onAnimationEnd={() => go(index + 1)} /> : null}
          </span>
          <div className="lp-carousel__controls">
            {count > 1 ? (
              <button
                type="button"
                className="lp-carousel__btn lp-carousel__rotation"
                aria-label={playing ? t("landing.carousel.pause") : t("landing.carousel.play")}
                onClick={() => setPlaying((p) => !p)}
              >
                {playing ? (
                  <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" focusable="false">
                    <rect x="4" y="3" width="3.5" height="12" rx="1" fill="currentColor" />
                    <rect x="10.5" y="3" width="3.5" height="12" rx="1" fill="currentColor" />
                  </svg>
                ) : (
                  <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" focusable="false">
                    <path d="M5 3.5v11l9.5-5.5z" fill="currentColor" />
                  </svg>
                )}
              </button>
            ) : null}
            <button type="button" className="lp-carousel__btn" aria-label={t("landing.carousel.previous")} onClick={() => go(index - 1)} disabled={count < 2}>
              <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" focusable="false">
                <path d="M11 3.5L5.5 9l5.5 5.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </button>
            <button type="button" className="lp-carousel__btn" aria-label={t("landing.carousel.next")} onClick={() => go(index + 1)} disabled={count < 2}>
              <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" focusable="false">
                <path d="M7 3.5L12.5 9 7 14.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
