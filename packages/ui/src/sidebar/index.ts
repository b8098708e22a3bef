export { Sidebar, type SidebarItem, type SidebarProps, type SidebarSection } from './sidebar';
