/** Strings of the plugin drop-install, namespace `pluginDrop`. */
import { registerMessages } from '../../core/i18n';

const zhCn = {
  hint: '松开鼠标以安装插件（.cool 文件）',
  title: '安装插件',
  detected: '检测到插件「{{name}}」，是否安装？',
  install: '安装',
  cancel: '取消',
  continue: '继续安装',
  errorTitle: '插件有误',
  warningTitle: '提示',
  installing: '正在安装插件「{{name}}」…',
  installed: '插件「{{name}}」安装成功',
  openTitle: '安装成功',
  openText: '插件「{{name}}」已安装（新安装的插件默认停用）。是否打开插件列表？',
  open: '打开插件列表',
  later: '稍后',
  failed: '插件安装失败：{{message}}',
  superOnly: '只有超级管理员可以安装插件',
};
type Messages = typeof zhCn;

const zhTw: Messages = {
  hint: '放開滑鼠以安裝外掛（.cool 檔案）',
  title: '安裝外掛',
  detected: '偵測到外掛「{{name}}」，是否安裝？',
  install: '安裝',
  cancel: '取消',
  continue: '繼續安裝',
  errorTitle: '外掛有誤',
  warningTitle: '提示',
  installing: '正在安裝外掛「{{name}}」…',
  installed: '外掛「{{name}}」安裝成功',
  openTitle: '安裝成功',
  openText: '外掛「{{name}}」已安裝（新安裝的外掛預設停用）。是否開啟外掛列表？',
  open: '開啟外掛列表',
  later: '稍後',
  failed: '外掛安裝失敗：{{message}}',
  superOnly: '只有超級管理員可以安裝外掛',
};

const en: Messages = {
  hint: 'Release to install the plugin (.cool file)',
  title: 'Install plugin',
  detected: 'Plugin “{{name}}” detected. Install it?',
  install: 'Install',
  cancel: 'Cancel',
  continue: 'Continue',
  errorTitle: 'Invalid plugin',
  warningTitle: 'Notice',
  installing: 'Installing plugin “{{name}}”…',
  installed: 'Plugin “{{name}}” installed',
  openTitle: 'Installed',
  openText: 'Plugin “{{name}}” is installed (new plugins start disabled). Open the plugin list?',
  open: 'Open plugin list',
  later: 'Later',
  failed: 'The plugin could not be installed: {{message}}',
  superOnly: 'Only a super-admin can install plugins',
};

registerMessages('pluginDrop', { 'zh-cn': zhCn, 'zh-tw': zhTw, en });
