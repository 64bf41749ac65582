// @vitest-environment jsdom
/**
 * A page whose chunk is in renders in the first commit: React.lazy would suspend even then, show the
 * spinner and hold the page back for up to 300 ms (the signed-in first screen's LCP, issue 16).
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../test/render';
import { lazyNamed, Loaded } from './lazy';

const Hello = ({ name }: { name: string }) => <p>hello {name}</p>;

describe('a lazily loaded page', () => {
  it('renders at once when it was preloaded', async () => {
    const Page = lazyNamed(() => Promise.resolve(Hello));
    await Page.preload();
    render(
      <Loaded>
        <Page name="plant" />
      </Loaded>,
    );
    expect(screen.getByText('hello plant')).toBeTruthy();
    expect(screen.queryByTestId('page-loading')).toBeNull();
  });

  it('shows the spinner first when it was not', async () => {
    const Page = lazyNamed(() => Promise.resolve(Hello));
    render(
      <Loaded>
        <Page name="plant" />
      </Loaded>,
    );
    expect(screen.getByTestId('page-loading')).toBeTruthy();
    expect(await screen.findByText('hello plant')).toBeTruthy();
  });
});
