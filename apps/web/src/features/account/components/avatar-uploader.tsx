import { useState } from 'react';
import { Avatar, Button, Space, Upload, type UploadProps } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { uploadFile } from '../../../api/http';
import { notify } from '../../../lib/notify';
import { acceptFor, uploadProblem } from '../../../lib/upload-rules';

/** Avatar with a 更换头像 upload (PNG/JPG/GIF/WEBP, ≤ 5 MB); reports the uploaded URL. */
export function AvatarUploader({ src, onUploaded }: { src: string; onUploaded: (url: string) => Promise<void> }) {
  const [busy, setBusy] = useState(false);

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = uploadProblem(file, 'image');
    if (problem) {
      notify.error(problem);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = async ({ file, onSuccess, onError, onProgress }) => {
    setBusy(true);
    try {
      const uploaded = await uploadFile(file as File, 'image', {
        purpose: 'avatar',
        onProgress: (percent) => onProgress?.({ percent }),
      });
      await onUploaded(uploaded.url);
      onSuccess?.(uploaded);
    } catch (err) {
      onError?.(err as Error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space orientation="vertical" align="center">
      <Avatar size={88} src={src || undefined} icon={<UserOutlined aria-hidden />} alt="头像" />
      <Upload
        accept={acceptFor('image')}
        showUploadList={false}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        maxCount={1}
      >
        <Button icon={<UploadOutlined aria-hidden />} loading={busy}>
          更换头像
        </Button>
      </Upload>
    </Space>
  );
}
