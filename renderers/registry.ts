import type { RegistryWidgetsType } from '@rjsf/utils';
import type { FieldKind } from '../engine';
import { BooleanWidget } from './widgets/BooleanWidget';
import { DataSelectWidget } from './widgets/DataSelectWidget';
import { EmailWidget } from './widgets/EmailWidget';
import { NumberWidget } from './widgets/NumberWidget';
import { PhoneWidget } from './widgets/PhoneWidget';
import { SelectWidget } from './widgets/SelectWidget';
import { TextWidget } from './widgets/TextWidget';

/** Field kind -> rjsf widget: the one place that knows which component draws which kind. */
export const WIDGETS: Record<FieldKind, RegistryWidgetsType[string]> = {
  text: TextWidget,
  number: NumberWidget,
  phone: PhoneWidget,
  email: EmailWidget,
  select: SelectWidget,
  boolean: BooleanWidget,
  dataSelect: DataSelectWidget,
};

/** The widget registered for a field kind; an unknown kind fails loud and names itself. */
export function widgetFor(kind: string): RegistryWidgetsType[string] {
  const w = (WIDGETS as Record<string, RegistryWidgetsType[string] | undefined>)[kind];
  if (!w) throw new Error(`No renderer for field kind '${kind}'`);
  return w;
}
