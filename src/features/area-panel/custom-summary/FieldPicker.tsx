// Reportable fields from the fields operation, discrete and continuous apart, each with its
// definition; plus the "No categories" switch.
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { FieldDef } from '../../../api/schemas';
import { useAppStore } from '../../../state/store';

function FieldGroup({ legend, defs }: { legend: string; defs: FieldDef[] }) {
  const { fields, setFields } = useAppStore(
    useShallow((s) => ({ fields: s.summaryFields, setFields: s.setSummaryFields })),
  );
  const toggle = (name: string, on: boolean) =>
    setFields(on ? [...fields, name] : fields.filter((f) => f !== name));
  return (
    <fieldset className="field-picker__group">
      <legend>{legend}</legend>
      {defs.map((d) => (
        <label key={d.fieldname} className="field-picker__field">
          <input
            type="checkbox"
            checked={fields.includes(d.fieldname)}
            onChange={(e) => toggle(d.fieldname, e.target.checked)}
          />
          <span>
            <code>{d.fieldname}</code>
            <span className="field-picker__definition">
              {d.definition}
              {d.categories ? ` Categories: ${d.categories.map((c) => c.label).join(', ')}.` : ''}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

export function FieldPicker({ defs }: { defs: readonly FieldDef[] }) {
  const { fields, nocat, setNocat } = useAppStore(
    useShallow((s) => ({
      fields: s.summaryFields,
      nocat: s.summaryNocat,
      setNocat: s.setSummaryNocat,
    })),
  );
  // Folded once fields are chosen, so the summary itself is in view; the line names them.
  const [open, setOpen] = useState(fields.length === 0);
  const reportable = [...defs]
    .filter((d) => d.reportable)
    .sort((a, b) => a.listorder - b.listorder);
  return (
    <details className="field-picker" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        Fields to summarize
        <span className="field-picker__chosen">
          {fields.length > 0 ? `: ${fields.join(', ')}` : ': none chosen'}
          {nocat ? ' (no categories)' : ''}
        </span>
      </summary>
      <FieldGroup legend="Discrete (rows by value)" defs={reportable.filter((d) => d.discrete)} />
      <FieldGroup
        legend="Continuous (average, count, sum)"
        defs={reportable.filter((d) => !d.discrete)}
      />
      <label className="field-picker__switch">
        <input
          type="checkbox"
          role="switch"
          checked={nocat}
          onChange={(e) => setNocat(e.target.checked)}
        />
        No categories{' '}
        <span className="field-picker__definition">(continuous fields do not split rows)</span>
      </label>
    </details>
  );
}
