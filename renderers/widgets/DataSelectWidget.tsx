import type { WidgetProps } from '@rjsf/utils';
import { SelectWidget } from './SelectWidget';

/**
 * A select whose options come from other data (spill destinations: the sewer, the other named roofs, the
 * grounds). The engine has already drawn the options; drawing is the select's.
 */
export function DataSelectWidget(props: WidgetProps) {
  return <SelectWidget {...props} />;
}
