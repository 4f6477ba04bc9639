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
