import type { FieldKind } from '../engine';
import { BooleanWidget } from './widgets/BooleanWidget';
import { DataSelectWidget } from './widgets/DataSelectWidget';
import { EmailWidget } from './widgets/EmailWidget';
import { NumberWidget } from './widgets/NumberWidget';
import { PhoneWidget } from './widgets/PhoneWidget';
import { SelectWidget } from './widgets/SelectWidget';
import { TextWidget } from './widgets/TextWidget';
import type { FieldWidget } from './widgets/fieldProps';

/** Field kind -> widget: the one place that knows which component draws which kind. */
export const WIDGETS: Record<FieldKind, FieldWidget> = {
  text: TextWidget,
  number: NumberWidget,
  phone: PhoneWidget,
  email: EmailWidget,
  select: SelectWidget,
  boolean: BooleanWidget,
  dataSelect: DataSelectWidget,
};

/** The widget registered for a field kind; an unknown kind fails loud and names itself. */
export function widgetFor(kind: string): FieldWidget {
  const w = (WIDGETS as Record<string, FieldWidget | undefined>)[kind];
  if (!w) throw new Error(`No renderer for field kind '${kind}'`);
  return w;
}
