// An invisible form field only bots fill in: visually hidden, hidden from assistive technology,
// out of the tab order and never autofilled. The server treats a filled value as spam.
export function Honeypot({ value, onChange, id }: { value: string; onChange: (value: string) => void; id: string }) {
  return (
    <div className="visually-hidden" aria-hidden="true">
      <label htmlFor={id}>Website</label>
      <input
        id={id}
        name="website"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    </div>
  );
}
