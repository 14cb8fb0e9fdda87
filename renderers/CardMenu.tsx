import { useRender } from './context';
import { MenuButton, type MenuItem } from './MenuButton';

/** The menu of a card: Duplicate, and Delete only when the step allows it (more than one card). */
export function CardMenu({
  canDuplicate,
  canDelete,
  onDuplicate,
  onDelete,
}: {
  canDuplicate: boolean;
  canDelete: boolean;
  onDuplicate: () => void;
  onDelete: () => void;
}) {
  const { t } = useRender();
  const items: MenuItem[] = [
    ...(canDuplicate ? [{ label: t('common.duplicate'), onSelect: onDuplicate }] : []),
    ...(canDelete ? [{ label: t('common.delete'), onSelect: onDelete }] : []),
  ];
  return <MenuButton className="card-menu" label={t('common.card_menu')} items={items} />;
}
