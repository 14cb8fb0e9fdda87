import type { RegistryFieldsType, RegistryWidgetsType, RJSFSchema, TemplatesType } from '@rjsf/utils';
import type { FieldKind } from '../engine';
import { NumberField } from './fields/NumberField';
import type { CardContext } from './form';
import { FieldTemplate, ObjectFieldTemplate } from './templates/FieldTemplate';
import { BooleanWidget } from './widgets/BooleanWidget';
import { DataSelectWidget } from './widgets/DataSelectWidget';
import { EmailWidget } from './widgets/EmailWidget';
import { NumberWidget } from './widgets/NumberWidget';
import { PhoneWidget } from './widgets/PhoneWidget';
import { RainSeriesWidget } from './widgets/RainSeriesWidget';
import { SelectWidget } from './widgets/SelectWidget';
import { TextWidget } from './widgets/TextWidget';
import type { FieldWidget } from './widgets/fieldProps';

/**
 * Field kind -> widget: the rjsf widgets registered once with every card's Form, under the names the
 * uiSchema's `ui:widget` gives (the bundle's field kinds). A theme swaps them by registering its own.
 */
export const WIDGETS: Record<FieldKind, FieldWidget> = {
  text: TextWidget,
  number: NumberWidget,
  phone: PhoneWidget,
  email: EmailWidget,
  select: SelectWidget,
  boolean: BooleanWidget,
  dataSelect: DataSelectWidget,
  rainSeries: RainSeriesWidget,
};

/** The same, typed as rjsf's registry of widgets. */
export const RJSF_WIDGETS: RegistryWidgetsType<unknown, RJSFSchema, CardContext> = WIDGETS;

/** The templates registered with every card's Form: our field template, objects drawn flat. */
export const TEMPLATES: Partial<TemplatesType<unknown, RJSFSchema, CardContext>> = {
  FieldTemplate,
  ObjectFieldTemplate,
};

/**
 * The rjsf fields registered with every card's Form in place of rjsf's: a number as typed (fields/NumberField.tsx).
 */
export const FIELDS: RegistryFieldsType<unknown, RJSFSchema, CardContext> = { NumberField };
