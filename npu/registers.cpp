#include "npu/registers.h"

namespace corsim::npu {

namespace {

struct Name {
  uint16_t opcode;
  std::string_view name;
};

// Names follow the driver header ethosu55_interface.h (cmd0_opcode, cmd1_opcode).
constexpr Name kOperations[] = {
    {0x000, "NPU_OP_STOP"},      {0x001, "NPU_OP_IRQ"},      {0x002, "NPU_OP_CONV"},
    {0x003, "NPU_OP_DEPTHWISE"}, {0x005, "NPU_OP_POOL"},     {0x006, "NPU_OP_ELEMENTWISE"},
    {0x010, "NPU_OP_DMA_START"}, {0x011, "NPU_OP_DMA_WAIT"}, {0x012, "NPU_OP_KERNEL_WAIT"},
    {0x013, "NPU_OP_PMU_MASK"},
};

constexpr Name kCmd0[] = {
    {0x100, "NPU_SET_IFM_PAD_TOP"},       {0x101, "NPU_SET_IFM_PAD_LEFT"},
    {0x102, "NPU_SET_IFM_PAD_RIGHT"},     {0x103, "NPU_SET_IFM_PAD_BOTTOM"},
    {0x104, "NPU_SET_IFM_DEPTH_M1"},      {0x105, "NPU_SET_IFM_PRECISION"},
    {0x107, "NPU_SET_IFM_UPSCALE"},       {0x109, "NPU_SET_IFM_ZERO_POINT"},
    {0x10A, "NPU_SET_IFM_WIDTH0_M1"},     {0x10B, "NPU_SET_IFM_HEIGHT0_M1"},
    {0x10C, "NPU_SET_IFM_HEIGHT1_M1"},    {0x10D, "NPU_SET_IFM_IB_END"},
    {0x10F, "NPU_SET_IFM_REGION"},        {0x111, "NPU_SET_OFM_WIDTH_M1"},
    {0x112, "NPU_SET_OFM_HEIGHT_M1"},     {0x113, "NPU_SET_OFM_DEPTH_M1"},
    {0x114, "NPU_SET_OFM_PRECISION"},     {0x115, "NPU_SET_OFM_BLK_WIDTH_M1"},
    {0x116, "NPU_SET_OFM_BLK_HEIGHT_M1"}, {0x117, "NPU_SET_OFM_BLK_DEPTH_M1"},
    {0x118, "NPU_SET_OFM_ZERO_POINT"},    {0x11A, "NPU_SET_OFM_WIDTH0_M1"},
    {0x11B, "NPU_SET_OFM_HEIGHT0_M1"},    {0x11C, "NPU_SET_OFM_HEIGHT1_M1"},
    {0x11F, "NPU_SET_OFM_REGION"},        {0x120, "NPU_SET_KERNEL_WIDTH_M1"},
    {0x121, "NPU_SET_KERNEL_HEIGHT_M1"},  {0x122, "NPU_SET_KERNEL_STRIDE"},
    {0x123, "NPU_SET_PARALLEL_MODE"},     {0x124, "NPU_SET_ACC_FORMAT"},
    {0x125, "NPU_SET_ACTIVATION"},        {0x126, "NPU_SET_ACTIVATION_MIN"},
    {0x127, "NPU_SET_ACTIVATION_MAX"},    {0x128, "NPU_SET_WEIGHT_REGION"},
    {0x129, "NPU_SET_SCALE_REGION"},      {0x12D, "NPU_SET_AB_START"},
    {0x12F, "NPU_SET_BLOCKDEP"},          {0x130, "NPU_SET_DMA0_SRC_REGION"},
    {0x131, "NPU_SET_DMA0_DST_REGION"},   {0x132, "NPU_SET_DMA0_SIZE0"},
    {0x133, "NPU_SET_DMA0_SIZE1"},        {0x180, "NPU_SET_IFM2_BROADCAST"},
    {0x181, "NPU_SET_IFM2_SCALAR"},       {0x185, "NPU_SET_IFM2_PRECISION"},
    {0x189, "NPU_SET_IFM2_ZERO_POINT"},   {0x18A, "NPU_SET_IFM2_WIDTH0_M1"},
    {0x18B, "NPU_SET_IFM2_HEIGHT0_M1"},   {0x18C, "NPU_SET_IFM2_HEIGHT1_M1"},
    {0x18D, "NPU_SET_IFM2_IB_START"},     {0x18F, "NPU_SET_IFM2_REGION"},
};

constexpr Name kCmd1[] = {
    {0, "NPU_SET_IFM_BASE0"},      {1, "NPU_SET_IFM_BASE1"},      {2, "NPU_SET_IFM_BASE2"},
    {3, "NPU_SET_IFM_BASE3"},      {4, "NPU_SET_IFM_STRIDE_X"},   {5, "NPU_SET_IFM_STRIDE_Y"},
    {6, "NPU_SET_IFM_STRIDE_C"},   {16, "NPU_SET_OFM_BASE0"},     {17, "NPU_SET_OFM_BASE1"},
    {18, "NPU_SET_OFM_BASE2"},     {19, "NPU_SET_OFM_BASE3"},     {20, "NPU_SET_OFM_STRIDE_X"},
    {21, "NPU_SET_OFM_STRIDE_Y"},  {22, "NPU_SET_OFM_STRIDE_C"},  {32, "NPU_SET_WEIGHT_BASE"},
    {33, "NPU_SET_WEIGHT_LENGTH"}, {34, "NPU_SET_SCALE_BASE"},    {35, "NPU_SET_SCALE_LENGTH"},
    {36, "NPU_SET_OFM_SCALE"},     {37, "NPU_SET_OPA_SCALE"},     {38, "NPU_SET_OPB_SCALE"},
    {48, "NPU_SET_DMA0_SRC"},      {49, "NPU_SET_DMA0_DST"},      {50, "NPU_SET_DMA0_LEN"},
    {128, "NPU_SET_IFM2_BASE0"},   {129, "NPU_SET_IFM2_BASE1"},   {130, "NPU_SET_IFM2_BASE2"},
    {131, "NPU_SET_IFM2_BASE3"},   {132, "NPU_SET_IFM2_STRIDE_X"}, {133, "NPU_SET_IFM2_STRIDE_Y"},
    {134, "NPU_SET_IFM2_STRIDE_C"}, {160, "NPU_SET_USER_DEFINED0"}, {161, "NPU_SET_USER_DEFINED1"},
    {162, "NPU_SET_USER_DEFINED2"}, {163, "NPU_SET_USER_DEFINED3"}, {164, "NPU_SET_USER_DEFINED4"},
    {165, "NPU_SET_USER_DEFINED5"}, {166, "NPU_SET_USER_DEFINED6"}, {167, "NPU_SET_USER_DEFINED7"},
};

// Arch 2.0 (U85) tables: ethosu85_interface.h cmd0_opcode / cmd1_opcode.
constexpr Name kU85Operations[] = {
    {0x000, "NPU_OP_STOP"},      {0x001, "NPU_OP_IRQ"},        {0x002, "NPU_OP_CONV"},
    {0x003, "NPU_OP_DEPTHWISE"}, {0x005, "NPU_OP_POOL"},       {0x006, "NPU_OP_ELEMENTWISE"},
    {0x007, "NPU_OP_RESIZE"},    {0x010, "NPU_OP_DMA_START"},  {0x011, "NPU_OP_DMA_WAIT"},
    {0x012, "NPU_OP_KERNEL_WAIT"}, {0x013, "NPU_OP_PMU_MASK"},
};

constexpr Name kU85Cmd0[] = {
    {0x100, "NPU_SET_IFM_PAD_TOP"},        {0x101, "NPU_SET_IFM_PAD_LEFT"},
    {0x102, "NPU_SET_IFM_PAD_RIGHT"},      {0x103, "NPU_SET_IFM_PAD_BOTTOM"},
    {0x104, "NPU_SET_IFM_DEPTH_M1"},       {0x105, "NPU_SET_IFM_PRECISION"},
    {0x107, "NPU_SET_IFM_UPSCALE"},        {0x108, "NPU_SET_IFM_BROADCAST"},
    {0x109, "NPU_SET_IFM_ZERO_POINT"},     {0x10A, "NPU_SET_IFM_WIDTH0_M1"},
    {0x10B, "NPU_SET_IFM_HEIGHT0_M1"},     {0x10C, "NPU_SET_IFM_HEIGHT1_M1"},
    {0x10F, "NPU_SET_IFM_REGION"},         {0x111, "NPU_SET_OFM_WIDTH_M1"},
    {0x112, "NPU_SET_OFM_HEIGHT_M1"},      {0x113, "NPU_SET_OFM_DEPTH_M1"},
    {0x114, "NPU_SET_OFM_PRECISION"},      {0x115, "NPU_SET_OFM_BLK_WIDTH_M1"},
    {0x116, "NPU_SET_OFM_BLK_HEIGHT_M1"},  {0x117, "NPU_SET_OFM_BLK_DEPTH_M1"},
    {0x118, "NPU_SET_OFM_ZERO_POINT"},     {0x11A, "NPU_SET_OFM_WIDTH0_M1"},
    {0x11B, "NPU_SET_OFM_HEIGHT0_M1"},     {0x11C, "NPU_SET_OFM_HEIGHT1_M1"},
    {0x11F, "NPU_SET_OFM_REGION"},         {0x120, "NPU_SET_KERNEL_WIDTH_M1"},
    {0x121, "NPU_SET_KERNEL_HEIGHT_M1"},   {0x122, "NPU_SET_KERNEL_STRIDE"},
    {0x124, "NPU_SET_ACC_FORMAT"},         {0x125, "NPU_SET_ACTIVATION"},
    {0x126, "NPU_SET_ACTIVATION_MIN"},     {0x127, "NPU_SET_ACTIVATION_MAX"},
    {0x128, "NPU_SET_WEIGHT_REGION"},      {0x129, "NPU_SET_SCALE_REGION"},
    {0x12A, "NPU_SET_RESIZE_X_SCALE_N_M1"}, {0x12B, "NPU_SET_RESIZE_Y_SCALE_N_M1"},
    {0x12C, "NPU_SET_RESIZE_X_OFFSET"},    {0x12D, "NPU_SET_RESIZE_Y_OFFSET"},
    {0x12E, "NPU_SET_WEIGHT_FORMAT"},      {0x12F, "NPU_SET_BLOCKDEP"},
    {0x130, "NPU_SET_DMA0_SRC_REGION"},    {0x131, "NPU_SET_DMA0_DST_REGION"},
    {0x132, "NPU_SET_DMA0_SIZE0"},         {0x133, "NPU_SET_DMA0_SIZE1"},
    {0x134, "NPU_SET_DMA0_IDX_REGION"},    {0x180, "NPU_SET_IFM2_BROADCAST"},
    {0x185, "NPU_SET_IFM2_PRECISION"},     {0x189, "NPU_SET_IFM2_ZERO_POINT"},
    {0x18A, "NPU_SET_IFM2_WIDTH0_M1"},     {0x18B, "NPU_SET_IFM2_HEIGHT0_M1"},
    {0x18C, "NPU_SET_IFM2_HEIGHT1_M1"},    {0x18F, "NPU_SET_IFM2_REGION"},
};

constexpr Name kU85Cmd1[] = {
    {0, "NPU_SET_IFM_BASE0"},          {1, "NPU_SET_IFM_BASE1"},          {2, "NPU_SET_IFM_BASE2"},
    {3, "NPU_SET_IFM_BASE3"},          {4, "NPU_SET_IFM_STRIDE_X"},       {5, "NPU_SET_IFM_STRIDE_Y"},
    {6, "NPU_SET_IFM_STRIDE_C"},       {16, "NPU_SET_OFM_BASE0"},         {17, "NPU_SET_OFM_BASE1"},
    {18, "NPU_SET_OFM_BASE2"},         {19, "NPU_SET_OFM_BASE3"},         {20, "NPU_SET_OFM_STRIDE_X"},
    {21, "NPU_SET_OFM_STRIDE_Y"},      {22, "NPU_SET_OFM_STRIDE_C"},      {32, "NPU_SET_WEIGHT_BASE"},
    {33, "NPU_SET_WEIGHT_LENGTH"},     {34, "NPU_SET_SCALE_BASE"},        {35, "NPU_SET_SCALE_LENGTH"},
    {36, "NPU_SET_OFM_SCALE"},         {37, "NPU_SET_IFM_SCALE"},         {38, "NPU_SET_IFM2_SCALE"},
    {39, "NPU_SET_OP_SCALAR"},         {48, "NPU_SET_DMA0_SRC"},          {49, "NPU_SET_DMA0_DST"},
    {50, "NPU_SET_DMA0_LEN"},          {51, "NPU_SET_DMA0_SRC_STRIDE0"},  {52, "NPU_SET_DMA0_SRC_STRIDE1"},
    {53, "NPU_SET_DMA0_DST_STRIDE0"},  {54, "NPU_SET_DMA0_DST_STRIDE1"},  {55, "NPU_SET_DMA0_IDX"},
    {56, "NPU_SET_DMA0_IDX_MAX"},      {57, "NPU_SET_DMA0_IDX_SKIP1"},    {128, "NPU_SET_IFM2_BASE0"},
    {129, "NPU_SET_IFM2_BASE1"},       {130, "NPU_SET_IFM2_BASE2"},       {131, "NPU_SET_IFM2_BASE3"},
    {132, "NPU_SET_IFM2_STRIDE_X"},    {133, "NPU_SET_IFM2_STRIDE_Y"},    {134, "NPU_SET_IFM2_STRIDE_C"},
    {144, "NPU_SET_WEIGHT1_BASE"},     {145, "NPU_SET_WEIGHT1_LENGTH"},   {146, "NPU_SET_WEIGHT2_BASE"},
    {147, "NPU_SET_WEIGHT2_LENGTH"},   {148, "NPU_SET_WEIGHT3_BASE"},     {149, "NPU_SET_WEIGHT3_LENGTH"},
    {150, "NPU_SET_RESIZE_X"},         {151, "NPU_SET_RESIZE_Y"},         {256, "NPU_OP_BRANCH"},
};

template <size_t N>
std::string_view lookup(const Name (&table)[N], uint16_t opcode) {
  for (const Name& n : table)
    if (n.opcode == opcode) return n.name;
  return {};
}

}  // namespace

std::string_view operation_name(uint16_t opcode, Isa isa) {
  return isa == Isa::kU85 ? lookup(kU85Operations, opcode) : lookup(kOperations, opcode);
}
std::string_view cmd0_register_name(uint16_t opcode, Isa isa) {
  return isa == Isa::kU85 ? lookup(kU85Cmd0, opcode) : lookup(kCmd0, opcode);
}
std::string_view cmd1_register_name(uint16_t opcode, Isa isa) {
  return isa == Isa::kU85 ? lookup(kU85Cmd1, opcode) : lookup(kCmd1, opcode);
}
bool is_known_operation(uint16_t opcode, Isa isa) { return !operation_name(opcode, isa).empty(); }
bool is_known_cmd0_register(uint16_t opcode, Isa isa) { return !cmd0_register_name(opcode, isa).empty(); }
bool is_known_cmd1_register(uint16_t opcode, Isa isa) { return !cmd1_register_name(opcode, isa).empty(); }
bool is_cmd1_operation(uint16_t opcode, Isa isa) { return isa == Isa::kU85 && opcode == u85::kOpBranch; }

}  // namespace corsim::npu
