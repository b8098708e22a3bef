import type { StorybookConfig } from '@storybook/react-vite';
import tailwindcss from '@tailwindcss/vite';

// One Storybook for every package: the library's catalogue and its visual test bed.
const config: StorybookConfig = {
  stories: [
    '../packages/*/src/**/*.mdx',
    '../packages/*/src/**/*.stories.@(ts|tsx)',
    '../apps/console/src/**/*.stories.@(ts|tsx)',
  ],
  // Files the ad runtime's stories serve as a creative's assets (image, video, HTML5, button images).
  staticDirs: [{ from: '../packages/ad-runtime/test-assets', to: '/ad-runtime' }],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  async viteFinal(viteConfig) {
    viteConfig.plugins = [...(viteConfig.plugins ?? []), tailwindcss()];
    return viteConfig;
  },
};

export default config;
