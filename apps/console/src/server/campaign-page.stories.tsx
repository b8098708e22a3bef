import { atRiskPacing } from '@adconsole/charts/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { phoneViewport } from '../../../../.storybook/phone-viewport';
import { springSale } from '../screens/campaigns/campaign-stories-fixtures';
import type { CampaignPageView } from './campaign-page';
import { renderCampaignPage } from './shared-report';
import './static-charts.css';
import { STATIC_CHART_WIDTH } from './chart-widths';
import { drawnFrame, expectPhoneDrawing, ServerHtml } from './story-html';

/** The page as the server draws it. */
const Drawn = (view: CampaignPageView) => <ServerHtml html={renderCampaignPage(view)} />;

/** A campaign that books a goal, at risk, as the campaign call answers it (JSON). */
const campaign = JSON.parse(
  JSON.stringify({
    ...springSale,
    data: { ...springSale.data, goal: { metric: 'impressions', amount: 300_000 } },
    pacing: atRiskPacing,
  }),
);

/**
 * A campaign's page as the server sends it, with no script run (docs/console.md, "Signed-in pages drawn
 * by the server"): the signed-in frame, the first screen (header and the owner's actions, lifetime
 * figures, goal with its pacing chart, budget, creatives), the owner's cards waiting. The console's own
 * page replaces it when the reader touches it or comes near those cards (e2e/signed-in-first-view.test.ts).
 */
const meta = {
  title: 'Console/Campaigns/CampaignPageFirstView',
  component: Drawn,
  args: {
    ...drawnFrame,
    campaign,
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Drawn>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A wide window: the owner's actions, the figures, the goal's chart drawn at the wide width. */
export const Wide: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { name: springSale.name, level: 1 })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Edit campaign' })).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Campaign totals, lifetime' })).toBeVisible();
    const chart = canvasElement.querySelector('[data-static-chart] svg[data-scaled]');
    await expect(chart).toHaveAttribute('width', '1126');
    // The owner's cards wait, with their headings, as in the console's first drawing.
    await expect(canvasElement.querySelectorAll('[data-slot="card-placeholder"]')).toHaveLength(5);
    await expect(canvas.getByRole('heading', { name: 'Delivery rules', level: 2 })).toBeVisible();
  },
};

/** A phone: the compact frame, the goal's chart at the phone's width, nothing wider than the phone. */
export const Phone: Story = {
  args: { phone: true },
  beforeEach: phoneViewport,
  play: async ({ canvasElement }) => {
    await expectPhoneDrawing(canvasElement, STATIC_CHART_WIDTH.campaignGoal.phone);
  },
};

/** A campaign that does not read as the contract says is not drawn: the browser then draws the page. */
export const NotACampaign: Story = {
  args: { campaign: { name: 42 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('not drawn')).toBeVisible();
  },
};
