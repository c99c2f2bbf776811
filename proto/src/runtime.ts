// The protobuf runtime the generated code was built for. Services import it from here rather than depending on
// @bufbuild/protobuf themselves, so there is one copy (and one version) of it in the tree.
export { create, fromBinary, isMessage, toBinary } from '@bufbuild/protobuf';
export type { DescMessage, MessageInitShape, MessageShape } from '@bufbuild/protobuf';
export { timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
export type { Timestamp } from '@bufbuild/protobuf/wkt';
