// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import '../../../test/render';
import { GroupPath } from './GroupPath';

describe('GroupPath', () => {
  it('shows a path of up to 3 levels in full, with no mark or title', () => {
    render(<GroupPath names={['Plant', 'Line 2', 'Cell 7']} testId="path" />);
    expect(screen.getByTestId('path').textContent).toBe('Plant / Line 2 / Cell 7');
    expect(screen.getByTestId('path').getAttribute('title')).toBeNull();
  });

  it('shortens deeper paths to first, middle and last names, marking where levels are hidden', () => {
    render(<GroupPath names={['Plant', 'Hall B', 'Line 2', 'Cell 7']} testId="four" />);
    expect(screen.getByTestId('four').textContent).toBe('Plant / Hall B / … / Cell 7');
    expect(screen.getByTestId('four').getAttribute('title')).toBe('Plant / Hall B / Line 2 / Cell 7');
    render(<GroupPath names={['L1', 'L2', 'L3', 'L4', 'L5']} testId="five" />);
    expect(screen.getByTestId('five').textContent).toBe('L1 / … / L3 / … / L5');
  });

  it('places the marks from the full path when the names come shortened by the server', async () => {
    render(
      <GroupPath
        names={['Plant', 'Hall B', 'Cell 7']}
        full={['Plant', 'Hall B', 'Line 2', 'Cell 7']}
        testId="p"
      />,
    );
    const path = screen.getByTestId('p');
    expect(path.textContent).toBe('Plant / Hall B / … / Cell 7');
    fireEvent.mouseEnter(path);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Plant / Hall B / Line 2 / Cell 7');
  });

  it('shows a dash without a group', () => {
    const { container } = render(<GroupPath names={[]} />);
    expect(container.textContent).toBe('-');
  });
});
