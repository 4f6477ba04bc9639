import { useId, useState, type CSSProperties } from "react";
import { useTranslation } from "~/lib/i18n";

type Industry = { id: number; name: string };

const MOBILE_FIRST = 12;
/** Places on the two orbits (degrees; 0 is to the right): chosen so that no two chips ever touch. */
const RINGS = [
  [-90, -30, 30, 90, 150, 210],
  [-60, 0, 60, 120, 180, 240],
];

/**
 * Industries (spec 1 §2): an orbit on desktop, chips on mobile; CSS picks one by width, so each is
 * either shown or out of the accessibility tree. The orbits turn and the chips on them float, each
 * with a delay of 1 to 8 s (spec 1 §9), with CSS only; nothing moves under prefers-reduced-motion.
 * The chips keep their places, so they never run into each other or the centre.
 */
export function Industries({ industries }: { industries: Industry[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  // Short names fit a place on the orbit; the chips on mobile list them all.
  const short = industries.filter((i) => i.name.length <= 16);
  let next = 0;
  const orbit = RINGS.flatMap((angles, ring) => angles.map((angle) => ({ ring, angle, industry: short[next++] }))).filter((p) => p.industry);
  return (
    <>
      <div className="lp-orbit">
        <div className="lp-orbit__core" aria-hidden="true">
          <span className="lp-orbit__figure">100+</span>
          <span className="lp-orbit__caption">{t("landing.industriesTitle")}</span>
        </div>
        <ul className="lp-orbit__list" aria-label={t("landing.industriesOrbit")}>
          {orbit.map(({ ring, angle, industry }, i) => (
            <li key={industry!.id} className={`lp-orbit__item lp-orbit__item--ring${ring + 1}`} style={{ "--angle": `${angle}deg`, "--delay": `${1 + ((i * 3) % 8)}s` } as CSSProperties}>
              <span className="lp-orbit__chip">{industry!.name}</span>
            </li>
          ))}
        </ul>
        <span className="lp-orbit__ring lp-orbit__ring--1" aria-hidden="true" />
        <span className="lp-orbit__ring lp-orbit__ring--2" aria-hidden="true" />
        <span className="lp-orbit__ring lp-orbit__ring--3" aria-hidden="true" />
      </div>
      <div className="lp-industry-chips">
        <ul className="lp-chips" id={`${id}-chips`}>
          {(open ? industries : industries.slice(0, MOBILE_FIRST)).map((industry) => (
            <li key={industry.id} className="lp-chip lp-chip--industry">
              {industry.name}
            </li>
          ))}
        </ul>
        {industries.length > MOBILE_FIRST ? (
          <button type="button" className="lp-link-button" aria-expanded={open} aria-controls={`${id}-chips`} onClick={() => setOpen((o) => !o)}>
            {open ? t("landing.hide") : t("landing.showMore")}
          </button>
        ) : null}
      </div>
    </>
  );
}
