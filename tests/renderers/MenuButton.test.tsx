import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CardMenu } from '../../renderers';
import { renderWithContext } from './helpers';

// The one menu of the app (renderers/MenuButton.tsx), as a card's menu draws it: the WAI-ARIA menu button.
describe('CardMenu', () => {
  const open = () => {
    const button = screen.getByRole('button', { expanded: false });
    fireEvent.click(button);
    return button;
  };

  it('opens on its first item, moves with the arrows and Home/End, closes on Escape back on its button', () => {
    const onDelete = vi.fn();
    renderWithContext(<CardMenu canDuplicate canDelete onDuplicate={() => undefined} onDelete={onDelete} />);
    const button = open();
    const items = screen.getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Dupliquer', 'Supprimer']);
    expect(items[0]).toHaveFocus();
    fireEvent.keyDown(items[0]!, { key: 'ArrowDown' });
    expect(items[1]).toHaveFocus();
    fireEvent.keyDown(items[1]!, { key: 'ArrowDown' });
    expect(items[0]).toHaveFocus();
    fireEvent.keyDown(items[0]!, { key: 'End' });
    expect(items[1]).toHaveFocus();
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
    expect(onDelete).not.toHaveBeenCalled();
  });

  it('acts once and closes; a press elsewhere closes it; Delete only where the step allows it', () => {
    const onDuplicate = vi.fn();
    renderWithContext(
      <CardMenu canDuplicate canDelete={false} onDuplicate={onDuplicate} onDelete={() => undefined} />,
    );
    open();
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Dupliquer']);
    fireEvent.click(screen.getByRole('menuitem'));
    expect(onDuplicate).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
    open();
    act(() => {
      document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    });
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('draws nothing when a card can be neither copied nor deleted', () => {
    const { container } = renderWithContext(
      <CardMenu
        canDuplicate={false}
        canDelete={false}
        onDuplicate={() => undefined}
        onDelete={() => undefined}
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
