export { ShareLayout, type ShareLayoutProps } from './share-layout';
