import { PROCESS_STEPS } from '../content/site';

/** The 4-step process as a numbered list; the heading level follows the page's outline. */
export function ProcessSteps({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ol className="process-steps">
      {PROCESS_STEPS.map((step, i) => (
        <li key={step.title} className="process-step">
          <span className="process-number" aria-hidden="true">
            {i + 1}
          </span>
          <div>
            <Heading className="process-title">
              <span className="visually-hidden">Stap {i + 1}: </span>
              {step.title}
            </Heading>
            <p>{step.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
