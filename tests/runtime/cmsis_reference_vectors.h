// Reference vectors from CMSIS-NN's unit tests (ARM-software/CMSIS-NN, Apache-2.0,
// Tests/UnitTest/TestCases/TestData/<name>/*_data.h at commit 99f736a6). They were generated with
// the TensorFlow Lite reference kernels, independently of corsim; only the numbers are used here.
// Layouts: activations NHWC, conv weights OHWI, depthwise weights [1,KH,KW,C_out], fully
// connected weights [out][accumulation depth].
#pragma once

#include <cstdint>
#include <vector>

namespace corsim::rt::test::cmsis_ref {

// --- fully_connected
inline constexpr int64_t k_FULLY_CONNECTED_OUT_CH = 6;
inline constexpr int64_t k_FULLY_CONNECTED_IN_CH = 10;
inline constexpr int64_t k_FULLY_CONNECTED_INPUT_W = 2;
inline constexpr int64_t k_FULLY_CONNECTED_INPUT_H = 1;
inline constexpr int64_t k_FULLY_CONNECTED_DST_SIZE = 18;
inline constexpr int64_t k_FULLY_CONNECTED_INPUT_SIZE = 20;
inline constexpr int64_t k_FULLY_CONNECTED_OUT_ACTIVATION_MIN = -128;
inline constexpr int64_t k_FULLY_CONNECTED_OUT_ACTIVATION_MAX = 127;
inline constexpr int64_t k_FULLY_CONNECTED_INPUT_BATCHES = 3;
inline constexpr int64_t k_FULLY_CONNECTED_OUTPUT_MULTIPLIER = 1342580370;
inline constexpr int64_t k_FULLY_CONNECTED_OUTPUT_SHIFT = -9;
inline constexpr int64_t k_FULLY_CONNECTED_ACCUMULATION_DEPTH = 20;
inline constexpr int64_t k_FULLY_CONNECTED_INPUT_OFFSET = 128;
inline constexpr int64_t k_FULLY_CONNECTED_FILTER_OFFSET = 0;
inline constexpr int64_t k_FULLY_CONNECTED_OUTPUT_OFFSET = -102;
inline const std::vector<int32_t> fully_connected_biases = {17061, 30620, -17956, 6604, -30838, -23496};
inline const std::vector<int8_t> fully_connected_input = { -79, -90, 26, -66, -40, -13, -102, 67, -112, -92, 40, 113, 69, -63, -122, -24, 122, -88, 126, 123, -69, 51, -83, 83, -127, -73, 93, 114, 52, -89, -109, -41, 84, 10, -80, 24, 65, -122, -65, 121, -55, 59, -6, 113, -101, -40, 72, -11, 67, 83, -70, -111, -64, 53, -43, 77, 66, -54, 42, 5};
inline const std::vector<int8_t> fully_connected_output_ref = {-1, 8, -128, -88, -17, -128, 31, -23, -128, -121, -29, -52, 10, -16, -128, -128, -35, -19};
inline const std::vector<int8_t> fully_connected_weights = { -55, 18, 26, -100, -109, -70, 56, 66, 118, 56, 28, 39, 70, 67, 100, -11, 3, 112, 2, 127, -92, 16, 35, -87, 51, 2, 45, -74, 99, 3, 89, -45, 78, 76, -47, -83, 60, 3, 92, 65, 47, 14, -65, 7, 11, 70, -120, 33, -18, 125, -27, 6, 40, -65, 104, -85, -117, 14, -55, 69, 114, -93, -37, 1, -72, 1, -63, -42, 27, -18, 93, 101, 86, -77, 46, 80, -7, 96, -81, -70, 91, 29, 109, 46, 7, -12, 68, 39, 1, -103, 56, 94, 58, 126, 70, 12, -80, 119, 85, 42, 22, 99, -102, 5, 3, 74, 95, 68, 91, 24, -119, -113, -106, 99, -62, 4, 101, 67, 51, -39};

// --- basic
inline constexpr int64_t k_BASIC_OUT_CH = 1;
inline constexpr int64_t k_BASIC_IN_CH = 1;
inline constexpr int64_t k_BASIC_INPUT_W = 5;
inline constexpr int64_t k_BASIC_INPUT_H = 8;
inline constexpr int64_t k_BASIC_DST_SIZE = 20;
inline constexpr int64_t k_BASIC_INPUT_SIZE = 40;
inline constexpr int64_t k_BASIC_OUT_ACTIVATION_MIN = -128;
inline constexpr int64_t k_BASIC_OUT_ACTIVATION_MAX = 127;
inline constexpr int64_t k_BASIC_INPUT_BATCHES = 1;
inline constexpr int64_t k_BASIC_FILTER_X = 2;
inline constexpr int64_t k_BASIC_FILTER_Y = 4;
inline constexpr int64_t k_BASIC_STRIDE_X = 1;
inline constexpr int64_t k_BASIC_STRIDE_Y = 1;
inline constexpr int64_t k_BASIC_PAD_X = 0;
inline constexpr int64_t k_BASIC_PAD_Y = 0;
inline constexpr int64_t k_BASIC_OUTPUT_W = 4;
inline constexpr int64_t k_BASIC_OUTPUT_H = 5;
inline constexpr int64_t k_BASIC_INPUT_OFFSET = 128;
inline constexpr int64_t k_BASIC_OUTPUT_OFFSET = 127;
inline constexpr int64_t k_BASIC_DILATION_X = 1;
inline constexpr int64_t k_BASIC_DILATION_Y = 1;
inline const std::vector<int32_t> basic_biases = {6388};
inline const std::vector<int8_t> basic_input = {73, -88, -95, 57, 106, 13, 34, -103, 86, 12, 107, 37, -4, -22, 16, -87, 4, -11, -21, 52, 41, -122, 90, 124, -62, -23, 103, 66, 68, 94, -93, 89, -4, 68, -89, -66, 3, 4, -108, 63};
inline const std::vector<int32_t> basic_output_mult = {1625013239};
inline const std::vector<int8_t> basic_output_ref = {-11, 37, 68, -53, -8, -47, -1, -6, 29, -86, -34, 27, -40, 34, -71, 4, -72, 21, -14, -35};
inline const std::vector<int32_t> basic_output_shift = {-8};
inline const std::vector<int8_t> basic_weights = {-72, 32, -107, -50, 81, -114, -7, -127};

// --- conv_2
inline constexpr int64_t k_CONV_2_OUT_CH = 4;
inline constexpr int64_t k_CONV_2_IN_CH = 2;
inline constexpr int64_t k_CONV_2_INPUT_W = 6;
inline constexpr int64_t k_CONV_2_INPUT_H = 3;
inline constexpr int64_t k_CONV_2_DST_SIZE = 72;
inline constexpr int64_t k_CONV_2_INPUT_SIZE = 36;
inline constexpr int64_t k_CONV_2_OUT_ACTIVATION_MIN = -101;
inline constexpr int64_t k_CONV_2_OUT_ACTIVATION_MAX = 127;
inline constexpr int64_t k_CONV_2_INPUT_BATCHES = 1;
inline constexpr int64_t k_CONV_2_FILTER_X = 3;
inline constexpr int64_t k_CONV_2_FILTER_Y = 3;
inline constexpr int64_t k_CONV_2_STRIDE_X = 1;
inline constexpr int64_t k_CONV_2_STRIDE_Y = 1;
inline constexpr int64_t k_CONV_2_PAD_X = 1;
inline constexpr int64_t k_CONV_2_PAD_Y = 1;
inline constexpr int64_t k_CONV_2_OUTPUT_W = 6;
inline constexpr int64_t k_CONV_2_OUTPUT_H = 3;
inline constexpr int64_t k_CONV_2_INPUT_OFFSET = 128;
inline constexpr int64_t k_CONV_2_OUTPUT_OFFSET = -3;
inline constexpr int64_t k_CONV_2_DILATION_X = 1;
inline constexpr int64_t k_CONV_2_DILATION_Y = 1;
inline const std::vector<int32_t> conv_2_biases = {-12214, -32460, -9046, 34979};
inline const std::vector<int8_t> conv_2_input = {115, -124, -58, -108, -57, -100, 7, 31, -54, 95, -8, -51, -115, -57, -81, -53, -21, -127, -59, -97, 126, 112, -13, -108, 108, -121, -119, -10, -112, -9, 100, -59, -33, -36, 119, 38};
inline const std::vector<int32_t> conv_2_output_mult = {1374632181, 1365315267, 1377078717, 1252339957};
inline const std::vector<int8_t> conv_2_output_ref = { -64, -47, -3, 67, -2, -91, -5, 36, -28, -44, 5, 55, -21, -100, 20, 72, 13, -82, 62, 106, -24, -76, 48, 66, -38, -44, 29, 66, -13, -74, 50, 63, -32, -75, 40, 57, -9, -50, 36, 38, 20, -101, 65, 66, 20, -93, 19, 61, -53, -27, -14, 57, 25, -50, -38, 29, 8, 18, 28, 84, -26, 3, 39, 71, 6, -26, -17, 76, 7, -41, 33, 30};
inline const std::vector<int32_t> conv_2_output_shift = {-9, -9, -9, -9};
inline const std::vector<int8_t> conv_2_weights = {0, 103, -58, 49, -54, 117, 113, 37, -127, 113, 31, -67, 52, -115, 12, -69, 37, -53, -85, 105, 42, -91, 86, 15, -127, -6, 15, 25, 124, 75, -31, -16, -63, -21, -126, -116, 62, -31, 87, -114, -50, 127, -60, 29, 28, 109, 50, -63, 99, 8, 77, 7, 92, -82, -121, -42, 107, -50, 52, -73, -81, 120, 71, 14, 78, 45, 97, -127, -6, 106, 61, -95};

// --- depthwise_2
inline constexpr int64_t k_DEPTHWISE_2_OUT_CH = 9;
inline constexpr int64_t k_DEPTHWISE_2_IN_CH = 3;
inline constexpr int64_t k_DEPTHWISE_2_INPUT_W = 6;
inline constexpr int64_t k_DEPTHWISE_2_INPUT_H = 5;
inline constexpr int64_t k_DEPTHWISE_2_DST_SIZE = 81;
inline constexpr int64_t k_DEPTHWISE_2_INPUT_SIZE = 90;
inline constexpr int64_t k_DEPTHWISE_2_OUT_ACTIVATION_MIN = -73;
inline constexpr int64_t k_DEPTHWISE_2_OUT_ACTIVATION_MAX = 127;
inline constexpr int64_t k_DEPTHWISE_2_INPUT_BATCHES = 1;
inline constexpr int64_t k_DEPTHWISE_2_FILTER_X = 3;
inline constexpr int64_t k_DEPTHWISE_2_FILTER_Y = 4;
inline constexpr int64_t k_DEPTHWISE_2_STRIDE_X = 2;
inline constexpr int64_t k_DEPTHWISE_2_STRIDE_Y = 2;
inline constexpr int64_t k_DEPTHWISE_2_PAD_X = 0;
inline constexpr int64_t k_DEPTHWISE_2_PAD_Y = 1;
inline constexpr int64_t k_DEPTHWISE_2_OUTPUT_W = 3;
inline constexpr int64_t k_DEPTHWISE_2_OUTPUT_H = 3;
inline constexpr int64_t k_DEPTHWISE_2_CH_MULT = 3;
inline constexpr int64_t k_DEPTHWISE_2_INPUT_OFFSET = 128;
inline constexpr int64_t k_DEPTHWISE_2_OUTPUT_OFFSET = 15;
inline constexpr int64_t k_DEPTHWISE_2_DILATION_X = 1;
inline constexpr int64_t k_DEPTHWISE_2_DILATION_Y = 1;
inline const std::vector<int32_t> depthwise_2_biases = {-23814, -7840, -28028, -11281, -26549, -1420, -768, -17692, -16221};
inline const std::vector<int8_t> depthwise_2_input = { 77, -55, -122, 112, -101, 17, -26, 8, -42, 54, -70, 30, 85, 88, -102, 87, 52, -125, -112, -109, -78, 18, 122, 49, -57, -15, 26, 111, -105, -52, -36, -16, 107, -75, 61, -60, 70, 99, 105, 96, 97, -39, -6, -75, -31, -20, 26, 115, -33, -109, 43, 43, -128, -17, -103, -38, -100, -47, 3, -100, -40, 7, 67, 13, -91, 125, -127, -21, 90, -68, 3, 68, -79, 22, -6, 89, 40, -16, -84, 36, 34, -50, 59, 118, -7, -5, -58, -17, 15, 63};
inline const std::vector<int32_t> depthwise_2_output_mult = {1572008639, 1337293408, 1554283222, 1604620748, 1615626866, 1593872862, 1457634357, 1424494178, 1495084089};
inline const std::vector<int8_t> depthwise_2_output_ref = { -73, 3, -55, 56, -5, 10, 0, 21, -10, -71, -5, -73, 48, 20, -11, 35, 44, 7, -73, 20, -29, 17, 40, -13, -7, 28, -24, -62, -15, -32, -24, 69, 6, 48, -45, 15, -32, 3, -45, -10, 15, 6, 60, 54, -35, -44, 14, -24, -26, -14, 48, 28, 58, -20, -48, 28, -19, -6, 2, 0, 38, -40, 10, -36, -4, -30, -5, -4, 4, 50, -49, 15, -50, 15, -43, -31, -1, 27, 18, -13, 10};
inline const std::vector<int32_t> depthwise_2_output_shift = {-9, -9, -9, -9, -9, -9, -9, -9, -9};
inline const std::vector<int8_t> depthwise_2_weights = { 108, 107, -58, -118, -67, 127, 21, 118, -25, 2, -92, 43, -99, 42, 55, -6, -115, -37, 123, 33, 87, -44, -46, -58, 127, -20, -36, -64, 3, -127, -58, 62, 25, 20, -127, 92, -127, 116, 0, 86, 67, -99, -9, 9, 97, -72, -114, 4, 127, 25, -41, -54, -39, -6, -3, 127, 21, -16, 127, -60, -5, 82, 8, 95, -65, -103, 63, 20, 8, 49, 83, -62, 21, 36, -113, -15, 62, -61, 52, -12, -38, -81, -5, 62, -31, -3, -23, -118, -35, -19, 37, -123, 125, 93, -75, 53, 18, 106, -83, -106, 122, -110, -74, 117, 72, 52, 73, 127};

// --- avgpooling_2
inline constexpr int64_t k_AVGPOOLING_2_BATCH_SIZE = 1;
inline constexpr int64_t k_AVGPOOLING_2_INPUT_N = 1;
inline constexpr int64_t k_AVGPOOLING_2_INPUT_W = 12;
inline constexpr int64_t k_AVGPOOLING_2_INPUT_H = 1;
inline constexpr int64_t k_AVGPOOLING_2_INPUT_C = 5;
inline constexpr int64_t k_AVGPOOLING_2_FILTER_W = 3;
inline constexpr int64_t k_AVGPOOLING_2_FILTER_H = 1;
inline constexpr int64_t k_AVGPOOLING_2_STRIDE_W = 1;
inline constexpr int64_t k_AVGPOOLING_2_STRIDE_H = 2;
inline constexpr int64_t k_AVGPOOLING_2_ACTIVATION_MAX = 127;
inline constexpr int64_t k_AVGPOOLING_2_ACTIVATION_MIN = -128;
inline constexpr int64_t k_AVGPOOLING_2_OUTPUT_C = 5;
inline constexpr int64_t k_AVGPOOLING_2_OUTPUT_W = 12;
inline constexpr int64_t k_AVGPOOLING_2_OUTPUT_H = 1;
inline constexpr int64_t k_AVGPOOLING_2_PADDING_H = 0;
inline constexpr int64_t k_AVGPOOLING_2_PADDING_W = 1;
inline const std::vector<int8_t> avgpooling_2_input_tensor = { 82, -22, -108, -95, -120, 106, -86, -16, -14, 102, -124, 60, -21, -75, 83, 107, 72, 34, -110, 45, 14, -45, -58, -102, 53, 48, 123, -21, -91, -41, 61, 58, 22, 27, -46, 96, 103, 60, 46, -120, 103, 38, 12, -63, -100, 123, -1, -23, -19, 87, 41, -46, 59, 62, 91, 61, 47, 119, 59, -18};
inline const std::vector<int8_t> avgpooling_2_output = {94, -54, -62, -55, -9, 21, -16, -48, -61, 22, 30, 15, -1, -66, 77, -1, 29, -15, -96, 60, 56, 50, -15, -101, 19, 41, 45, -19, -55, -11, 68, 95, 20, -6, -69, 87, 66, 31, 3, -89, 107, 47, 16, -12, -44, 89, -3, 16, -7, 26, 75, 0, 52, 34, 53, 51, 1, 89, 61, 37};

// --- maxpooling_2
inline constexpr int64_t k_MAXPOOLING_2_BATCH_SIZE = 1;
inline constexpr int64_t k_MAXPOOLING_2_INPUT_N = 1;
inline constexpr int64_t k_MAXPOOLING_2_INPUT_W = 12;
inline constexpr int64_t k_MAXPOOLING_2_INPUT_H = 1;
inline constexpr int64_t k_MAXPOOLING_2_INPUT_C = 5;
inline constexpr int64_t k_MAXPOOLING_2_FILTER_W = 3;
inline constexpr int64_t k_MAXPOOLING_2_FILTER_H = 1;
inline constexpr int64_t k_MAXPOOLING_2_STRIDE_W = 1;
inline constexpr int64_t k_MAXPOOLING_2_STRIDE_H = 2;
inline constexpr int64_t k_MAXPOOLING_2_ACTIVATION_MAX = 127;
inline constexpr int64_t k_MAXPOOLING_2_ACTIVATION_MIN = -128;
inline constexpr int64_t k_MAXPOOLING_2_OUTPUT_C = 5;
inline constexpr int64_t k_MAXPOOLING_2_OUTPUT_W = 12;
inline constexpr int64_t k_MAXPOOLING_2_OUTPUT_H = 1;
inline constexpr int64_t k_MAXPOOLING_2_PADDING_H = 0;
inline constexpr int64_t k_MAXPOOLING_2_PADDING_W = 1;
inline const std::vector<int8_t> maxpooling_2_input_tensor = { 64, 30, -83, 7, -56, 108, 104, -115, -54, 104, 37, 103, -102, 3, -71, 123, -82, 67, -42, 114, -39, 27, -76, 72, -23, 94, -51, -22, 87, -66, -87, 11, -89, 81, -109, -108, 88, 17, 32, 59, 107, 18, -125, 50, -40, 60, 77, 3, -33, -63, 37, -44, 23, 33, -86, 5, -70, 79, -101, 9};
inline const std::vector<int8_t> maxpooling_2_output = {108, 104, -83, 7, 104, 108, 104, -83, 7, 104, 123, 104, 67, 3, 114, 123, 103, 67, 72, 114, 123, 27, 67, 87, 114, 94, 27, -22, 87, -23, 94, 88, 17, 87, 59, 107, 88, 17, 81, 59, 107, 88, 17, 50, 59, 107, 77, 23, 50, -40, 60, 77, 79, 33, 9, 37, -44, 79, 33, 9};

// --- add
inline constexpr int64_t k_ADD_DST_SIZE = 128;
inline constexpr int64_t k_ADD_OUT_ACTIVATION_MIN = -128;
inline constexpr int64_t k_ADD_OUT_ACTIVATION_MAX = 127;
inline constexpr int64_t k_ADD_INPUT1_OFFSET = 128;
inline constexpr int64_t k_ADD_INPUT2_OFFSET = 128;
inline constexpr int64_t k_ADD_OUTPUT_MULT = 1073741824;
inline constexpr int64_t k_ADD_OUTPUT_SHIFT = -19;
inline constexpr int64_t k_ADD_OUTPUT_OFFSET = -128;
inline constexpr int64_t k_ADD_LEFT_SHIFT = 20;
inline constexpr int64_t k_ADD_INPUT1_SHIFT = 0;
inline constexpr int64_t k_ADD_INPUT2_SHIFT = 0;
inline constexpr int64_t k_ADD_INPUT1_MULT = 1073741824;
inline constexpr int64_t k_ADD_INPUT2_MULT = 1073741824;
inline const std::vector<int8_t> add_input1 = { -92, -108, 69, -105, 33, 9, 125, -17, -120, 8, 109, -52, 68, -113, -97, 92, 73, -58, 72, 56, -28, -106, -56, 101, -50, -5, -89, -24, 54, -31, 15, 117, -68, 37, 72, 41, -68, 113, -10, 83, 3, 62, 125, 57, 124, -119, -65, 93, -122, 120, 105, -87, 101, -75, 64, -88, -62, 122, -20, 64, -41, -51, -98, 25, 3, 84, 14, -33, 111, -37, -74, -11, 34, 121, 35, 30, -41, -77, -44, -109, -11, 39, 31, 60, 121, 41, -49, 50, 38, -20, -123, 33, 102, 80, 126, 111, -7, 41, 16, 120, 65, -67, 10, -88, -113, 107, 68, -120, -71, -102, 105, 99, -94, 125, -119, 98, -47, 46, -22, -125, -101, 99, -20, 4, -1, -1, 65, -108};
inline const std::vector<int8_t> add_input2 = { 72, 77, -78, -32, -32, 45, 108, -49, 121, 43, -25, -47, 35, 14, 87, 31, 27, 96, -15, 76, -31, 77, 108, 114, 90, 23, 33, 109, -72, 12, 119, -44, -19, -55, -72, 94, -22, 65, 103, 43, -90, -71, 5, 115, -5, -57, 59, 70, 52, 78, 73, 41, 104, -61, 89, 44, 37, 77, 91, -2, 7, -115, 49, 121, -49, 15, 76, -121, 100, 11, -39, -45, 86, -35, 120, -65, -9, -127, 28, 111, 26, 104, 116, 89, 30, 97, -13, -124, -101, 94, 36, -86, -75, 49, 6, 40, 95, 99, -77, -62, -74, -88, -124, 97, -38, 122, -5, 3, 63, -94, 21, 18, 114, -69, 20, 19, -121, 0, -59, -65, -69, -71, -23, 59, 101, -55, -86, -68};
inline const std::vector<int8_t> add_output_ref = { -10, -15, -4, -68, 1, 27, 117, -33, 1, 26, 42, -49, 52, -49, -5, 62, 50, 19, 29, 66, -29, -14, 26, 108, 20, 9, -28, 43, -9, -9, 67, 37, -43, -9, 0, 68, -45, 89, 47, 63, -43, -4, 65, 86, 60, -88, -3, 82, -35, 99, 89, -23, 103, -68, 77, -22, -12, 100, 36, 31, -17, -83, -24, 73, -23, 50, 45, -77, 106, -13, -56, -28, 60, 43, 78, -17, -25, -102, -8, 1, 8, 72, 74, 75, 76, 69, -31, -37, -31, 37, -43, -26, 14, 65, 66, 76, 44, 70, -30, 29, -4, -77, -57, 5, -75, 115, 32, -58, -4, -98, 63, 59, 10, 28, -49, 59, -84, 23, -40, -95, -85, 14, -21, 32, 50, -28, -10, -88};

// --- mul
inline constexpr int64_t k_MUL_DST_SIZE = 160;
inline constexpr int64_t k_MUL_OUT_ACTIVATION_MIN = -128;
inline constexpr int64_t k_MUL_OUT_ACTIVATION_MAX = 127;
inline constexpr int64_t k_MUL_INPUT1_OFFSET = 128;
inline constexpr int64_t k_MUL_INPUT2_OFFSET = 128;
inline constexpr int64_t k_MUL_OUTPUT_MULT = 1077952640;
inline constexpr int64_t k_MUL_OUTPUT_SHIFT = -7;
inline constexpr int64_t k_MUL_OUTPUT_OFFSET = -128;
inline const std::vector<int8_t> mul_input1 = { 6, 46, 2, -15, -69, 15, 110, 117, -40, -47, -9, -17, 126, -108, 8, -42, -9, -17, 0, -126, 111, 11, 105, 97, -5, -103, 45, -27, 69, -107, 16, -51, 122, 38, -79, 85, -45, 26, 69, 3, 74, -3, -96, -81, 124, 76, 114, -119, 111, 15, 35, -73, -15, -21, 36, -74, -28, 3, 54, -58, 87, -83, 102, 43, 0, -81, 51, -98, -9, -5, 72, 102, 69, 7, -35, -40, -118, -66, 20, 100, -78, 59, 64, -99, -28, 31, 64, 83, -4, 107, -67, 113, -26, 114, 37, -50, -21, -11, -104, -54, 123, -96, -106, -55, -123, 123, 72, -53, 83, -110, 92, -120, -76, -27, 59, 99, 0, 78, 94, 124, -103, -57, -15, -73, 114, 47, -27, -70, 106, 90, 0, -92, -47, 114, 65, -120, 62, 105, -100, -33, 41, -116, -18, 51, -81, -109, -76, 77, 34, -21, 123, 57, -45, 61, -11, 75, -7, -94, -56, -43};
inline const std::vector<int8_t> mul_input2 = { 32, -45, -125, 113, 18, 48, 42, -13, 89, -37, 0, -102, -113, 126, -109, -89, 59, 104, -124, -75, 72, -99, 82, 96, -74, 98, 91, -4, 25, 18, -109, -26, -45, -49, -59, 102, -60, -113, -103, 37, 66, 43, 84, 68, 62, -6, -91, 40, -59, 18, -19, -16, 68, 5, -39, -109, -33, 114, -119, 4, -37, -6, 30, -62, -97, -19, -18, -45, 25, -10, -58, 95, 43, -69, -30, -95, -52, 119, -100, -55, -31, -103, -119, 28, -27, -84, 87, -38, 7, -81, -48, -39, -105, 2, 109, -121, -65, -4, -79, -44, -97, -97, 123, 65, -24, -19, 102, 26, -114, -83, 21, 42, -65, -12, -95, -75, 62, -26, 98, -83, 109, 124, -41, -36, -71, 34, 40, 50, 103, 43, 110, 2, -19, -18, 109, 60, 60, -13, -30, 5, 57, 119, -40, -92, 15, 27, 80, -115, 92, 89, -15, 78, -35, -56, 22, -60, 126, 25, 19, 42};
inline const std::vector<int8_t> mul_output_ref = { -44, -71, -126, -21, -94, -29, 31, -18, -53, -99, -68, -117, -113, -108, -118, -115, -41, -27, -126, -128, 59, -112, 64, 70, -102, -106, 21, -79, -10, -116, -117, -97, -47, -77, -115, 64, -106, -119, -109, -43, 26, -44, -101, -92, 60, -30, -93, -122, -63, -46, -58, -104, -41, -72, -71, -124, -91, -4, -122, -92, -51, -106, 15, -84, -112, -108, -51, -118, -57, -71, -73, 73, 4, -97, -92, -117, -125, -68, -112, -63, -109, -110, -121, -110, -88, -101, 34, -54, -62, -85, -109, -44, -119, -5, 25, -126, -102, -71, -123, -104, -97, -124, -106, -73, -126, -21, 52, -83, -116, -125, 1, -123, -115, -82, -104, -81, -33, -46, 69, -84, -105, -58, -89, -108, -74, -17, -61, -88, 84, 18, -9, -110, -93, -24, 51, -122, 12, -23, -117, -78, -5, -116, -90, -103, -102, -116, -86, -118, 12, -37, -17, 21, -98, -75, -59, -74, -7, -108, -86, -71};

}  // namespace corsim::rt::test::cmsis_ref
