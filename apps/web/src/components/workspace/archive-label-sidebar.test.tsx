import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ArchiveLabelSidebar, type ArchiveLabelView } from './archive-label-sidebar';

const texts = { title: 'Things', home: 'All things', labels: 'Labels', editLabels: 'Edit labels', archive: 'Archive' };
const labels = [
  { id: 4, name: 'Physics', handle: 'physics' },
  { id: 9, name: 'இயற்பியல்', handle: 'இயற்பியல்' },
];

function renderSidebar(view: ArchiveLabelView, onEditLabels = vi.fn()) {
  render(
    <MemoryRouter>
      <ArchiveLabelSidebar
        view={view}
        labels={labels}
        onEditLabels={onEditLabels}
        homeIcon={null}
        homePath="/things"
        archivePath="/things/archive"
        labelHref={(label) => `/apps/things/labels/${label.handle}/${label.id}`}
        texts={texts}
      />
    </MemoryRouter>,
  );
}

describe('ArchiveLabelSidebar', { timeout: 30_000 }, () => {
  it('links home, each label by handle and id, and the archive', () => {
    renderSidebar({ kind: 'all' });
    expect(screen.getByRole('navigation', { name: 'Things' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All things' })).toHaveAttribute('href', '/things');
    expect(screen.getByRole('link', { name: 'Physics' })).toHaveAttribute('href', '/apps/things/labels/physics/4');
    expect(screen.getByRole('link', { name: 'Archive' })).toHaveAttribute('href', '/things/archive');
    expect(screen.getByRole('link', { name: 'All things' })).toHaveClass('Mui-selected');
  });

  it('marks the open label and opens the label manager', () => {
    const onEditLabels = vi.fn();
    renderSidebar({ kind: 'label', labelId: 9 }, onEditLabels);
    expect(screen.getByRole('link', { name: 'இயற்பியல்' })).toHaveClass('Mui-selected');
    expect(screen.getByRole('link', { name: 'Physics' })).not.toHaveClass('Mui-selected');
    expect(screen.getByRole('link', { name: 'All things' })).not.toHaveClass('Mui-selected');
    fireEvent.click(screen.getByRole('button', { name: 'Edit labels' }));
    expect(onEditLabels).toHaveBeenCalledOnce();
  });
});
