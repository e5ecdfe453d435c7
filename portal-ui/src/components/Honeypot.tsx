/**
 * The honeypot of the public forms: a field named "website" that people never see or reach
 * (off-screen, hidden from assistive technology, out of the Tab order, no autofill). Automated
 * form fillers tend to fill it in; the server then refuses the submission.
 */
export function Honeypot({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="hp-field" aria-hidden="true">
      <label htmlFor="website-hp">Laat dit veld leeg</label>
      <input
        id="website-hp"
        name="website"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
