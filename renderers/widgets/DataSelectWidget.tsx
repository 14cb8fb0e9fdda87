import { fieldWidget, type DrawProps } from './fieldProps';
import { SelectInput } from './SelectWidget';

/**
 * A select whose options come from other data (spill destinations: the sewer, the other named roofs, the
 * grounds). The engine has already drawn the options; drawing is the select's.
 */
export const DataSelectWidget = fieldWidget(function DataSelectInput(props: DrawProps) {
  return <SelectInput {...props} />;
});
