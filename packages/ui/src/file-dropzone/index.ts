export { type DropzoneFile, FileDropzone, type FileDropzoneProps } from './file-dropzone';
export { describeAccept, type FileRejection, formatBytes, validateFiles } from './validate';
