import type { FieldProps, RJSFSchema } from '@rjsf/utils';
import type { CardContext } from '../form';

/**
 * rjsf's NumberField, replaced through rjsf's `fields` registry: the number field hands its widget's value
 * to rjsf as it is, so that what the user typed rides in `formData` ('1e3', '12,' on the way to '12,5' in
 * French, '' for an emptied field). rjsf's own would make 1000 of '1e3' and, in a comma locale, 1 of '1,'
 * (and builds a new Intl.NumberFormat for its decimal separator at every draw of every number field). The
 * engine parses what is typed (engine/applyEdit.ts: either separator, display units, '' is null) and says
 * what it refuses beside the field.
 */
export function NumberField(props: FieldProps<unknown, RJSFSchema, CardContext>) {
  const { StringField } = props.registry.fields;
  if (!StringField) throw new Error("rjsf's registry has no StringField to draw a number with");
  return <StringField {...props} />;
}
