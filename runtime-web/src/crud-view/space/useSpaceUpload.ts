/** Uploading files into the file space one by one, with the progress shown, then adding them to the chosen category. */
import { useState } from 'react';
import { Toast } from '@douyinfe/semi-ui';
import { useTranslation } from 'react-i18next';
import type { Stores } from '../../core/stores';
import { checkUpload, uploadKey } from '../../extensions/upload/check';
import { PREFIX } from './useSpaceFiles';

export interface UploadProgress {
  done: number;
  total: number;
  name: string;
}

export function useSpaceUpload(request: Stores['request'], classifyId: number | undefined, added: () => Promise<void>) {
  const { t } = useTranslation('modules');
  const [upload, setUpload] = useState<UploadProgress | undefined>();
  const send = async (files: File[]) => {
    if (!files.length) return;
    const problem = checkUpload(files);
    if (problem) return void Toast.warning(t(`app:${problem.key}`, problem.params));
    setUpload({ done: 0, total: files.length, name: files[0]!.name });
    try {
      const list: { url: string; name: string; classifyId?: number }[] = [];
      for (const [i, f] of files.entries()) {
        setUpload({ done: i, total: files.length, name: f.name });
        const form = new FormData();
        form.append('key', uploadKey(f.name));
        form.append('file', f);
        const url = await request<string | string[]>({ url: '/admin/base/comm/upload', method: 'POST', data: form, progress: false });
        list.push({ url: Array.isArray(url) ? url[0]! : url, name: f.name, ...(classifyId ? { classifyId } : {}) });
      }
      setUpload({ done: files.length, total: files.length, name: '' });
      await request({ url: `${PREFIX}/add`, method: 'POST', data: list, progress: false });
      await added();
    } catch (e) {
      Toast.error((e as Error).message);
    } finally {
      setUpload(undefined);
    }
  };
  return { upload, send };
}
