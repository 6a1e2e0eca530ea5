import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AdStyleType, type AdStyle, type CreativeAsset } from '@adloom/domain';
import { setupI18n } from '../../../lib/i18n';
import { CreativePreview } from './CreativePreview';

const style = (type: number, overrides: Partial<AdStyle> = {}): AdStyle => ({
  id: type,
  name: `Style ${type}`,
  type,
  icon_size: { width: 120, height: 120 },
  img_size: { width: 1200, height: 628 },
  img3_size: { width: 360, height: 240 },
  video_size: { width: 1280, height: 720 },
  meta: ['title', 'description', 'icon', 'image', 'actionText'],
  title_length: 30,
  description_length: 90,
  status: 0,
  created_at: '',
  updated_at: '',
  ...overrides,
});

const asset = (id: number, kind = 'image', thumbnail: string | null = null): CreativeAsset => ({
  id,
  kind,
  url: `/files/${id}.${kind === 'image' ? 'png' : 'mp4'}`,
  thumbnail_url: thumbnail,
  width: 1200,
  height: 628,
});

beforeAll(async () => {
  await setupI18n('en');
});

describe('CreativePreview', () => {
  it('renders a Big image creative with its icon, picture, texts and button', () => {
    const { container } = render(
      <CreativePreview
        creative={{
          title: 'Spring sale',
          description: 'Every shoe',
          icon_material_id: 1,
          image_material_id: 2,
          click_action: 2,
          action_text: 'Shop now',
          assets: [asset(1), asset(2)],
        }}
        style={style(AdStyleType.bigImage)}
      />,
    );
    const figure = screen.getByRole('figure', { name: 'Creative preview' });
    expect(figure.textContent).toContain('Spring sale');
    expect(figure.textContent).toContain('Every shoe');
    expect(figure.textContent).toContain('Shop now');
    const sources = [...container.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(sources).toEqual(['/files/1.png', '/files/2.png']);
  });

  it('shows placeholders of the style’s sizes for missing assets', () => {
    render(
      <CreativePreview
        creative={{ title: '', group_material_ids: [5], assets: [asset(5)] }}
        style={style(AdStyleType.threeImages, { meta: ['title', 'groupImages'] })}
      />,
    );
    expect(screen.getByText('Your title')).toBeTruthy();
    expect(screen.getAllByRole('img', { name: 'Image 360 x 240' })).toHaveLength(2);
  });

  it('plays a video with its poster, or shows the poster when compact', () => {
    const videoStyle = style(AdStyleType.video, { meta: ['title', 'video'] });
    const creative = {
      title: 'Watch',
      video_material_id: 9,
      assets: [asset(9, 'video', '/files/9-thumb.jpg')],
    };
    const { container, unmount } = render(
      <CreativePreview creative={creative} style={videoStyle} />,
    );
    const video = container.querySelector('video');
    expect(video?.getAttribute('src')).toBe('/files/9.mp4');
    expect(video?.getAttribute('poster')).toBe('/files/9-thumb.jpg');
    unmount();
    const compact = render(<CreativePreview creative={creative} style={videoStyle} compact />);
    expect(compact.container.querySelector('video')).toBeNull();
    expect(compact.container.querySelector('img')?.getAttribute('src')).toBe('/files/9-thumb.jpg');
  });

  it('says what the click does when no button text is given, and nothing for No Action', () => {
    const textStyle = style(AdStyleType.text, { meta: ['title', 'actionText'] });
    const { unmount } = render(
      <CreativePreview creative={{ title: 'Hi', click_action: 3 }} style={textStyle} />,
    );
    expect(screen.getByText('Install')).toBeTruthy();
    unmount();
    render(<CreativePreview creative={{ title: 'Hi', click_action: 1 }} style={textStyle} />);
    expect(screen.queryByText('Install')).toBeNull();
    expect(screen.queryByText('Learn more')).toBeNull();
  });

  it('renders from a list row’s style type without the style', () => {
    const { container } = render(
      <CreativePreview
        creative={{ title: 'Only image', image_material_id: 2, style_type: 2, assets: [asset(2)] }}
        style={undefined}
      />,
    );
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/files/2.png');
    expect(screen.queryByText('Only image')).toBeNull();
  });
});
