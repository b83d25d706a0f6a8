// electron-builder's beforeBuild hook. The main process is bundled (electron/vite.main.config.ts)
// with its dependencies inlined, so the installer needs no node_modules: returning false tells
// electron-builder not to install, rebuild or copy production dependencies into app.asar.
module.exports = async function beforeBuild() {
  return false;
};
