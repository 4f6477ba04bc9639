import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";

/** The rated person at the top of the rating pages: photo (or initial) and name. */
export function RatedPerson({ user, label }: { user: { name: string; lastName: string; photo: string | null }; label: string }) {
  return (
    <div className="rec-person">
      {user.photo ? (
        <img className="rec-person__photo" src={user.photo} alt="" width={48} height={48} />
      ) : (
        <span className="rec-person__photo" aria-hidden="true">
          {user.name.slice(0, 1)}
        </span>
      )}
      <div>
        <p className="field__hint">{label}</p>
        <p className="rec-person__name">
          {user.name} {user.lastName}
        </p>
      </div>
    </div>
  );
}

/** A rating page's whole answer when there is nothing to rate: thanks after a rating, or the link's error (spec 2 §8), with the way home. */
export function RateMessage({ title, home }: { title: string; home: string }) {
  const { t } = useTranslation();
  return (
    <section className="page page--narrow">
      <div className="card rate-card">
        <h1>{title}</h1>
        <Link to={home} className="btn btn--primary">
          {t("recommendations.rate.backHome")}
        </Link>
      </div>
    </section>
  );
}
