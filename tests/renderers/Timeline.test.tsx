import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { derive, emptyData } from '../../engine';
import { Timeline } from '../../renderers';
import { BUNDLES } from '../../renderers/stories/bundles';
import { renderWithContext } from './helpers';

const { bundle } = BUNDLES.sm!;
const steps = derive(bundle, emptyData(bundle)).steps;

describe('Timeline', () => {
  it('jumps to a touched step and refuses an untouched one', () => {
    const onJump = vi.fn();
    renderWithContext(<Timeline steps={steps} statuses={[1, 2, 0, 0, 0]} current={0} onJump={onJump} />);
    const buttons = screen.getAllByRole('button');
    fireEvent.click(buttons[1]!);
    fireEvent.click(buttons[2]!);
    expect(onJump).toHaveBeenCalledTimes(1);
    expect(onJump).toHaveBeenCalledWith(1);
  });
  it('marks the current, valid and invalid steps', () => {
    const { container } = renderWithContext(
      <Timeline steps={steps} statuses={[1, 2, 3, 0, 0]} current={3} onJump={() => undefined} />,
    );
    const classes = [...container.querySelectorAll('li')].map((li) =>
      li.className.replace('timeline-step ', ''),
    );
    expect(classes).toEqual([
      'timeline-valid',
      'timeline-invalid',
      'timeline-invalid',
      'timeline-current',
      'timeline-todo',
    ]);
    expect(screen.getAllByRole('button')[3]).toHaveAttribute('aria-current', 'step');
  });
});
