import { useId, useState } from "react";
import { useTranslation } from "~/lib/i18n";

export type TaskCard = { id: number; task: string; solution: string; name: string; description: string; period: string; payment: string; photo: string; chips: string[] };

const FIRST = 3;

/** Task cards (spec 1 §2) with 'Показать еще' / 'Скрыть': the first three, then all. */
export function TaskCards({ tasks, ns }: { tasks: TaskCard[]; ns: "customer" | "expert" }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  const more = tasks.length > FIRST;
  return (
    <>
      <ul className="lp-tasks" id={`${id}-list`}>
        {(open ? tasks : tasks.slice(0, FIRST)).map((task) => (
          <li key={task.id} className="lp-task">
            <img src={task.photo} width={320} height={180} alt="" loading="lazy" decoding="async" className="lp-task__image" />
            <div className="lp-task__body">
              <h3 className="lp-task__name">{task.name}</h3>
              <ul className="lp-chips lp-chips--small">
                {task.chips.map((chip) => (
                  <li key={chip} className="lp-chip">
                    {chip}
                  </li>
                ))}
              </ul>
              <dl className="lp-task__facts">
                <div>
                  <dt>{t(`landing.${ns}.task`)}</dt>
                  <dd>{task.task}</dd>
                </div>
                <div>
                  <dt>{t(`landing.${ns}.solution`)}</dt>
                  <dd>{task.solution}</dd>
                </div>
                <div className="lp-task__result">
                  <dt>{t(`landing.${ns}.result`)}</dt>
                  <dd>{task.description}</dd>
                </div>
              </dl>
              <dl className="lp-task__meta">
                <div>
                  <dt>{t(`landing.${ns}.period`)}</dt>
                  <dd>{task.period}</dd>
                </div>
                <div>
                  <dt>{t(`landing.${ns}.payment`)}</dt>
                  <dd>{task.payment}</dd>
                </div>
              </dl>
            </div>
          </li>
        ))}
      </ul>
      {more ? (
        <div className="lp-more">
          <button type="button" className="btn btn--ghost" aria-expanded={open} aria-controls={`${id}-list`} onClick={() => setOpen((o) => !o)}>
            {open ? t("landing.hide") : t("landing.showMore")}
          </button>
        </div>
      ) : null}
    </>
  );
}
