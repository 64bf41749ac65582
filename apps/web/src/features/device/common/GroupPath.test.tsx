// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import '../../../test/render';
import { GroupPath } from './GroupPath';

describe('GroupPath', () => {
  it('shows a path of up to 3 levels in full', () => {
    render(<GroupPath names={['Plant', 'Line 2', 'Cell 7']} testId="path" />);
    expect(screen.getByTestId('path').textContent).toBe('Plant / Line 2 / Cell 7');
  });

  it('shortens deeper paths to first, middle and last names', () => {
    render(<GroupPath names={['Plant', 'Hall B', 'Line 2', 'Cell 7']} testId="four" />);
    expect(screen.getByTestId('four').textContent).toBe('Plant / Hall B / Cell 7');
    render(<GroupPath names={['L1', 'L2', 'L3', 'L4', 'L5']} testId="five" />);
    expect(screen.getByTestId('five').textContent).toBe('L1 / L3 / L5');
  });

  it('shows a dash without a group', () => {
    const { container } = render(<GroupPath names={[]} />);
    expect(container.textContent).toBe('-');
  });
});
