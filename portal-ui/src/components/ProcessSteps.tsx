import { PROCESS_STEPS } from '../content/site';
import './CardList.css';
import './ProcessSteps.css';

/** The 4-step process as a numbered list (under the page's h2, so each step is an h3). */
export function ProcessSteps() {
  return (
    <ol className="card-grid process-steps">
      {PROCESS_STEPS.map((step, i) => (
        <li key={step.title} className="process-step">
          <span className="process-number" aria-hidden="true">
            {i + 1}
          </span>
          <div>
            <h3 className="process-title">
              <span className="visually-hidden">Stap {i + 1}: </span>
              {step.title}
            </h3>
            <p>{step.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
