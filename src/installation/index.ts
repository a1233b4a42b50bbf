/** The composition root: how every process opens its installation. */
export {
  type Installation,
  type InstallationOptions,
  openInstallation,
  type WorkersOptions,
} from "./open-installation.ts";
