<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>cf::AboutDialog</name>
    <message>
        <source>About ClusterForge</source>
        <translation>关于 ClusterForge</translation>
    </message>
    <message>
        <source>A design studio for AI training clusters: racks, fabrics, storage, training jobs, reliability, power and cost, side by side.</source>
        <translation>智算集群（软硬协同）设计工作室：机柜、网络、存储、训练作业、可靠性、功耗与成本，多方案并排对比。</translation>
    </message>
    <message>
        <source>Compute backend:</source>
        <translation>计算后端：</translation>
    </message>
    <message>
        <source>Why:</source>
        <translation>原因：</translation>
    </message>
    <message>
        <source>CUDA support built in:</source>
        <translation>内置 CUDA 支持：</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Qt version:</source>
        <translation>Qt 版本：</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
</context>
<context>
    <name>cf::Autosaver</name>
    <message>
        <source>Autosave to %1 failed: %2</source>
        <translation>自动保存到 %1 失败：%2</translation>
    </message>
</context>
<context>
    <name>cf::CatalogDock</name>
    <message>
        <source>Catalog</source>
        <translation>部件目录</translation>
    </message>
    <message>
        <source>Filter parts…</source>
        <translation>筛选部件…</translation>
    </message>
</context>
<context>
    <name>cf::CatalogModel</name>
    <message>
        <source>Source: %1</source>
        <translation>数据来源：%1</translation>
    </message>
    <message>
        <source>Estimated: %1</source>
        <translation>估算值：%1</translation>
    </message>
    <message>
        <source>Accelerators</source>
        <translation>加速卡</translation>
    </message>
    <message>
        <source>BF16 %1 TFLOP/s · %2 GiB HBM · %3 W</source>
        <translation>BF16 %1 TFLOP/s · HBM %2 GiB · %3 W</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>%1 × %2 · %3 U</source>
        <translation>%1 × %2 · %3 U</translation>
    </message>
    <message>
        <source>Switches</source>
        <translation>交换机</translation>
    </message>
    <message>
        <source>%1 ports × %2 Gb/s · %3</source>
        <translation>%1 端口 × %2 Gb/s · %3</translation>
    </message>
    <message>
        <source>NICs</source>
        <translation>网卡</translation>
    </message>
    <message>
        <source>%1 × %2 Gb/s</source>
        <translation>%1 × %2 Gb/s</translation>
    </message>
    <message>
        <source>Cables and optics</source>
        <translation>线缆与光模块</translation>
    </message>
    <message>
        <source>%1 · %2 Gb/s · up to %3 m</source>
        <translation>%1 · %2 Gb/s · 最长 %3 米</translation>
    </message>
    <message>
        <source>Storage</source>
        <translation>存储</translation>
    </message>
    <message>
        <source>%1 · %2 TB · read %3 GB/s</source>
        <translation>%1 · %2 TB · 读 %3 GB/s</translation>
    </message>
    <message>
        <source>Cooling</source>
        <translation>冷却</translation>
    </message>
    <message>
        <source>%1 · PUE %2 · up to %3 kW per rack</source>
        <translation>%1 · PUE %2 · 单机柜最高 %3 kW</translation>
    </message>
    <message>
        <source>Racks</source>
        <translation>机柜</translation>
    </message>
    <message>
        <source>%1 U · %2 kW</source>
        <translation>%1 U · %2 kW</translation>
    </message>
    <message>
        <source>PDUs</source>
        <translation>PDU（配电单元）</translation>
    </message>
    <message>
        <source>%1 kW · %2 phases</source>
        <translation>%1 kW · %2 相</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Part</source>
        <translation>部件</translation>
    </message>
    <message>
        <source>Vendor</source>
        <translation>厂商</translation>
    </message>
    <message>
        <source>Key figures</source>
        <translation>关键参数</translation>
    </message>
    <message>
        <source>Price (USD)</source>
        <translation>价格（美元）</translation>
    </message>
</context>
<context>
    <name>cf::Document</name>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>Untitled project</source>
        <translation>未命名项目</translation>
    </message>
    <message>
        <source>Scenario 1</source>
        <translation>方案 1</translation>
    </message>
    <message>
        <source>%1 is not a valid project: %2</source>
        <translation>%1 不是有效的项目文件：%2</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>Cannot save %1: %2</source>
        <translation>无法保存 %1：%2</translation>
    </message>
    <message>
        <source>Add Scenario</source>
        <translation>添加方案</translation>
    </message>
</context>
<context>
    <name>cf::DuplicateScenario</name>
    <message>
        <source>%1 (copy)</source>
        <translation>%1（副本）</translation>
    </message>
    <message>
        <source>Duplicate Scenario</source>
        <translation>复制方案</translation>
    </message>
</context>
<context>
    <name>cf::FieldSpec</name>
    <message>
        <source>Accelerators and nodes</source>
        <translation>加速卡与节点</translation>
    </message>
    <message>
        <source>Accelerator</source>
        <translation>加速卡</translation>
    </message>
    <message>
        <source>Catalog id of the accelerator card</source>
        <translation>加速卡在部件目录中的编号</translation>
    </message>
    <message>
        <source>Node type</source>
        <translation>节点型号</translation>
    </message>
    <message>
        <source>Server model; automatic picks the catalog node for the accelerator</source>
        <translation>服务器型号；“自动”表示选用部件目录中与该加速卡匹配的节点</translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>Accelerators per node</source>
        <translation>每节点加速卡数</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Number of compute nodes</source>
        <translation>计算节点数量</translation>
    </message>
    <message>
        <source>Scale-up domain</source>
        <translation>纵向扩展域</translation>
    </message>
    <message>
        <source>Interconnect</source>
        <translation>互连方式</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>PCIe</source>
        <translation>PCIe</translation>
    </message>
    <message>
        <source>NVLink</source>
        <translation>NVLink</translation>
    </message>
    <message>
        <source>NVSwitch</source>
        <translation>NVSwitch</translation>
    </message>
    <message>
        <source>HCCS</source>
        <translation>HCCS</translation>
    </message>
    <message>
        <source>Domain size</source>
        <translation>域大小</translation>
    </message>
    <message>
        <source>Accelerators in one scale-up domain (8 for a DGX-class node, 72 for NVL72)</source>
        <translation>一个纵向扩展域内的加速卡数（DGX 类节点为 8，NVL72 为 72）</translation>
    </message>
    <message>
        <source>Bandwidth per GPU</source>
        <translation>每卡带宽</translation>
    </message>
    <message>
        <source>Per GPU, per direction</source>
        <translation>每张卡、单向</translation>
    </message>
    <message>
        <source> GB/s</source>
        <translation> GB/s</translation>
    </message>
    <message>
        <source>From the accelerator</source>
        <translation>取自加速卡参数</translation>
    </message>
    <message>
        <source>Scale-out network</source>
        <translation>横向扩展网络</translation>
    </message>
    <message>
        <source>Topology</source>
        <translation>拓扑</translation>
    </message>
    <message>
        <source>Fat-tree</source>
        <translation>胖树</translation>
    </message>
    <message>
        <source>Spine-leaf</source>
        <translation>Spine-Leaf（叶脊）</translation>
    </message>
    <message>
        <source>Rail-optimised</source>
        <translation>轨道优化（多轨）</translation>
    </message>
    <message>
        <source>Dragonfly</source>
        <translation>Dragonfly（蜻蜓）</translation>
    </message>
    <message>
        <source>2D torus</source>
        <translation>二维环面（2D Torus）</translation>
    </message>
    <message>
        <source>3D torus</source>
        <translation>三维环面（3D Torus）</translation>
    </message>
    <message>
        <source>Tiers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>Oversubscription</source>
        <translation>收敛比</translation>
    </message>
    <message>
        <source>Downlink:uplink ratio at the leaves (1 = non-blocking)</source>
        <translation>叶交换机下行与上行带宽之比（1 表示无阻塞）</translation>
    </message>
    <message>
        <source> : 1</source>
        <translation> : 1</translation>
    </message>
    <message>
        <source>NIC i of every node connects to leaf group i</source>
        <translation>每个节点的第 i 块网卡连接到第 i 组叶交换机</translation>
    </message>
    <message>
        <source>NICs per node</source>
        <translation>每节点网卡数</translation>
    </message>
    <message>
        <source>NIC speed</source>
        <translation>网卡速率</translation>
    </message>
    <message>
        <source> Gb/s</source>
        <translation> Gb/s</translation>
    </message>
    <message>
        <source>Switch</source>
        <translation>交换机</translation>
    </message>
    <message>
        <source>Fabric switch; automatic picks the catalog switch for the NIC speed</source>
        <translation>组网交换机；“自动”表示按网卡速率选用部件目录中的交换机</translation>
    </message>
    <message>
        <source>Switch radix</source>
        <translation>交换机端口数</translation>
    </message>
    <message>
        <source>Ports per switch; automatic uses the switch&apos;s own radix</source>
        <translation>每台交换机的端口数；“自动”表示使用该交换机自身的端口数</translation>
    </message>
    <message>
        <source>Planes</source>
        <translation>网络平面数</translation>
    </message>
    <message>
        <source>Parallel scale-out planes (multi-plane fabrics)</source>
        <translation>并行的横向扩展网络平面（多平面组网）</translation>
    </message>
    <message>
        <source>Facility</source>
        <translation>机房设施</translation>
    </message>
    <message>
        <source>Cooling</source>
        <translation>冷却</translation>
    </message>
    <message>
        <source>Air cooling</source>
        <translation>风冷</translation>
    </message>
    <message>
        <source>Rear-door heat exchanger</source>
        <translation>背板换热器（后门冷却）</translation>
    </message>
    <message>
        <source>Direct liquid cooling</source>
        <translation>冷板式液冷</translation>
    </message>
    <message>
        <source>Immersion cooling</source>
        <translation>浸没式液冷</translation>
    </message>
    <message>
        <source>Climate</source>
        <translation>气候</translation>
    </message>
    <message>
        <source>Temperate</source>
        <translation>温带</translation>
    </message>
    <message>
        <source>Cold</source>
        <translation>寒冷</translation>
    </message>
    <message>
        <source>Hot and humid</source>
        <translation>湿热</translation>
    </message>
    <message>
        <source>Hot and dry</source>
        <translation>干热</translation>
    </message>
    <message>
        <source>Beijing</source>
        <translation>北京</translation>
    </message>
    <message>
        <source>Ulanqab</source>
        <translation>乌兰察布</translation>
    </message>
    <message>
        <source>Guiyang</source>
        <translation>贵阳</translation>
    </message>
    <message>
        <source>Shanghai</source>
        <translation>上海</translation>
    </message>
    <message>
        <source>Singapore</source>
        <translation>新加坡</translation>
    </message>
    <message>
        <source>Oregon</source>
        <translation>俄勒冈</translation>
    </message>
    <message>
        <source>Virginia</source>
        <translation>弗吉尼亚</translation>
    </message>
    <message>
        <source>Nordics</source>
        <translation>北欧</translation>
    </message>
    <message>
        <source>Electricity price</source>
        <translation>电价</translation>
    </message>
    <message>
        <source> USD/kWh</source>
        <translation> 美元/千瓦时</translation>
    </message>
    <message>
        <source>Amortisation</source>
        <translation>折旧年限</translation>
    </message>
    <message>
        <source> years</source>
        <translation> 年</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Preset name</source>
        <translation>预设名称</translation>
    </message>
    <message>
        <source>Informative name, e.g. GPT-3 175B</source>
        <translation>说明性名称，例如 GPT-3 175B</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>Hidden size</source>
        <translation>隐藏层维度</translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <source>KV heads</source>
        <translation>KV 头数</translation>
    </message>
    <message>
        <source>Grouped-query attention; automatic = attention heads</source>
        <translation>分组查询注意力（GQA）；“自动”表示等于注意力头数</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>词表大小</translation>
    </message>
    <message>
        <source>FFN hidden size</source>
        <translation>FFN 隐藏层维度</translation>
    </message>
    <message>
        <source>Automatic = 4 × hidden size</source>
        <translation>“自动”表示 4 × 隐藏层维度</translation>
    </message>
    <message>
        <source>FFN kind</source>
        <translation>FFN 类型</translation>
    </message>
    <message>
        <source>GeLU (2 matrices)</source>
        <translation>GeLU（2 个矩阵）</translation>
    </message>
    <message>
        <source>SwiGLU (3 matrices)</source>
        <translation>SwiGLU（3 个矩阵）</translation>
    </message>
    <message>
        <source>Experts</source>
        <translation>专家数</translation>
    </message>
    <message>
        <source>More than 1 makes a mixture-of-experts model</source>
        <translation>大于 1 即为混合专家（MoE）模型</translation>
    </message>
    <message>
        <source>Active experts (top-k)</source>
        <translation>激活专家数（top-k）</translation>
    </message>
    <message>
        <source>Parallelism</source>
        <translation>并行策略</translation>
    </message>
    <message>
        <source>Tensor parallel (TP)</source>
        <translation>张量并行（TP）</translation>
    </message>
    <message>
        <source>Pipeline parallel (PP)</source>
        <translation>流水线并行（PP）</translation>
    </message>
    <message>
        <source>Data parallel (DP)</source>
        <translation>数据并行（DP）</translation>
    </message>
    <message>
        <source>Automatic = GPUs / (TP × PP × CP)</source>
        <translation>“自动”表示 GPU 数 /（TP × PP × CP）</translation>
    </message>
    <message>
        <source>Expert parallel (EP)</source>
        <translation>专家并行（EP）</translation>
    </message>
    <message>
        <source>Context parallel (CP)</source>
        <translation>上下文并行（CP）</translation>
    </message>
    <message>
        <source>Virtual stages</source>
        <translation>虚拟流水线阶段数</translation>
    </message>
    <message>
        <source>Interleaved pipeline stages per GPU</source>
        <translation>每张卡上交错排布的流水线阶段数</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>Global batch</source>
        <translation>全局批大小</translation>
    </message>
    <message>
        <source>Sequences per step; a multiple of DP × micro-batch</source>
        <translation>每步的序列数；须为 DP × 微批次的整数倍</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <source>Activation recomputation</source>
        <translation>激活重计算</translation>
    </message>
    <message>
        <source>Selective</source>
        <translation>选择性</translation>
    </message>
    <message>
        <source>Full</source>
        <translation>完全</translation>
    </message>
    <message>
        <source>Training tokens</source>
        <translation>训练 token 数</translation>
    </message>
    <message>
        <source>Checkpoint interval</source>
        <translation>检查点间隔</translation>
    </message>
    <message>
        <source>Optimal = chosen by the model (Young/Daly)</source>
        <translation>“最优”表示由模型（Young/Daly 公式）确定</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Optimal</source>
        <translation>最优</translation>
    </message>
    <message>
        <source>Checkpoint target</source>
        <translation>检查点写入位置</translation>
    </message>
    <message>
        <source>Storage tier the checkpoints are written to</source>
        <translation>写入检查点的存储层级</translation>
    </message>
    <message>
        <source>First shared tier</source>
        <translation>第一个共享存储层级</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Mixed precision of the matrix multiplications</source>
        <translation>矩阵乘法所用的混合精度</translation>
    </message>
    <message>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <source>BF16</source>
        <translation>BF16</translation>
    </message>
    <message>
        <source>FP16</source>
        <translation>FP16</translation>
    </message>
    <message>
        <source>FP8</source>
        <translation>FP8</translation>
    </message>
    <message>
        <source>Asynchronous checkpoints</source>
        <translation>异步检查点</translation>
    </message>
    <message>
        <source>Reliability</source>
        <translation>可靠性</translation>
    </message>
    <message>
        <source>Monte Carlo trials</source>
        <translation>蒙特卡洛试验次数</translation>
    </message>
    <message>
        <source>Random seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>Restart time</source>
        <translation>重启时间</translation>
    </message>
    <message>
        <source>Detection, restart and reload after a failure</source>
        <translation>故障后的检测、重启与重新加载所需时间</translation>
    </message>
    <message>
        <source>Hot spare nodes</source>
        <translation>热备节点数</translation>
    </message>
    <message>
        <source>Only the listed failure rates</source>
        <translation>仅使用列出的故障率</translation>
    </message>
    <message>
        <source>Components without an explicit failure rate do not fail</source>
        <translation>未显式给出故障率的部件视为不发生故障</translation>
    </message>
    <message>
        <source>In billions of tokens (B = 10⁹)</source>
        <translation>单位为十亿个 token（B = 10⁹）</translation>
    </message>
    <message>
        <source> B</source>
        <translation> B</translation>
    </message>
    <message>
        <source>Power redundancy</source>
        <translation>供电冗余</translation>
    </message>
    <message>
        <source>Redundancy of the UPS and power chain</source>
        <translation>UPS 与供电链路的冗余方式</translation>
    </message>
    <message>
        <source>Utilisation</source>
        <translation>利用率</translation>
    </message>
    <message>
        <source>Share of the year the GPUs do paid work (cost per GPU-hour)</source>
        <translation>全年中 GPU 执行计费工作的时间占比（用于计算每卡时成本）</translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source>Cooling system</source>
        <translation>冷却系统</translation>
    </message>
    <message>
        <source>Catalog cooling system; automatic picks the catalog&apos;s first system of the cooling kind</source>
        <translation>部件目录中的冷却系统；“自动”表示选用目录中该冷却方式的第一个系统</translation>
    </message>
    <message>
        <source>Cloud price per GPU-hour</source>
        <translation>云上每卡时价格</translation>
    </message>
    <message>
        <source>For the cloud comparison; automatic estimates it from the accelerator&apos;s price</source>
        <translation>用于与云上方案对比；“自动”表示按加速卡价格估算</translation>
    </message>
    <message>
        <source> USD</source>
        <translation> 美元</translation>
    </message>
</context>
<context>
    <name>cf::FileController</name>
    <message>
        <source>Autosaved</source>
        <translation>已自动保存</translation>
    </message>
    <message>
        <source>ClusterForge projects (*.cfproj *.cf.json *.json)</source>
        <translation>ClusterForge 项目 (*.cfproj *.cf.json *.json)</translation>
    </message>
    <message>
        <source>ClusterForge project database (*.cfproj)</source>
        <translation>ClusterForge 项目数据库 (*.cfproj)</translation>
    </message>
    <message>
        <source>Scenario JSON (*.cf.json *.json)</source>
        <translation>方案 JSON (*.cf.json *.json)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>“%1” has unsaved changes. Save them before closing?</source>
        <translation>“%1”有未保存的更改。关闭前要保存吗？</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>放弃</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>New project</source>
        <translation>新建项目</translation>
    </message>
    <message>
        <source>Recovery failed</source>
        <translation>恢复失败</translation>
    </message>
    <message>
        <source>Recovered unsaved changes from %1</source>
        <translation>已从 %1 恢复未保存的更改</translation>
    </message>
    <message>
        <source>Recover unsaved changes?</source>
        <translation>恢复未保存的更改？</translation>
    </message>
    <message>
        <source>ClusterForge did not close normally while “%1” had unsaved changes. An autosave from %2 is newer than the file. Recover it?</source>
        <translation>ClusterForge 上次未正常关闭，当时“%1”有未保存的更改。%2 的自动保存比该文件更新。要恢复吗？</translation>
    </message>
    <message>
        <source>Recover</source>
        <translation>恢复</translation>
    </message>
    <message>
        <source>Open the saved file</source>
        <translation>打开已保存的文件</translation>
    </message>
    <message>
        <source>Cannot open project</source>
        <translation>无法打开项目</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <source>Open Project</source>
        <translation>打开项目</translation>
    </message>
    <message>
        <source>Save Project As</source>
        <translation>项目另存为</translation>
    </message>
    <message>
        <source>Cannot save project</source>
        <translation>无法保存项目</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Recover unsaved project?</source>
        <translation>恢复未保存的项目？</translation>
    </message>
    <message>
        <source>An untitled project from an earlier session (autosaved %1) was not saved. Recover it?</source>
        <translation>上次会话中有一个未命名项目（自动保存于 %1）尚未保存。要恢复吗？</translation>
    </message>
</context>
<context>
    <name>cf::IssueListModel</name>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>级别</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>字段</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
</context>
<context>
    <name>cf::MainActions</name>
    <message>
        <source>&amp;New Project</source>
        <translation>新建项目(&amp;N)</translation>
    </message>
    <message>
        <source>Start a new project with one scenario</source>
        <translation>新建一个含一个方案的项目</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a project (.cfproj) or a scenario file (.cf.json)</source>
        <translation>打开项目（.cfproj）或方案文件（.cf.json）</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save the project</source>
        <translation>保存项目</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>Save the project under a new name or format</source>
        <translation>以新的文件名或格式保存项目</translation>
    </message>
    <message>
        <source>&amp;Close Project</source>
        <translation>关闭项目(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Validate</source>
        <translation>校验(&amp;V)</translation>
    </message>
    <message>
        <source>Check every scenario and list the problems</source>
        <translation>检查所有方案并列出问题</translation>
    </message>
    <message>
        <source>&amp;About ClusterForge</source>
        <translation>关于 ClusterForge(&amp;A)</translation>
    </message>
</context>
<context>
    <name>cf::MainWindow</name>
    <message>
        <source>Undo: %1</source>
        <translation>撤销：%1</translation>
    </message>
    <message>
        <source>Nothing to undo</source>
        <translation>没有可撤销的操作</translation>
    </message>
    <message>
        <source>Redo: %1</source>
        <translation>重做：%1</translation>
    </message>
    <message>
        <source>Nothing to redo</source>
        <translation>没有可重做的操作</translation>
    </message>
    <message>
        <source>%1[*] — ClusterForge</source>
        <translation>%1[*] — ClusterForge</translation>
    </message>
    <message>
        <source>No problems</source>
        <translation>没有问题</translation>
    </message>
    <message>
        <source>Errors: %1, warnings: %2</source>
        <translation>错误：%1，警告：%2</translation>
    </message>
    <message>
        <source>The translation for %1 is not available</source>
        <translation>没有 %1 的翻译</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>Main Toolbar</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>概览</translation>
    </message>
    <message>
        <source>Backend: %1 (%2)</source>
        <translation>计算后端：%1（%2）</translation>
    </message>
</context>
<context>
    <name>cf::MessagesDock</name>
    <message>
        <source>No problems found.</source>
        <translation>未发现问题。</translation>
    </message>
    <message>
        <source>Errors: %1, warnings: %2</source>
        <translation>错误：%1，警告：%2</translation>
    </message>
    <message>
        <source>Messages (%1)</source>
        <translation>消息（%1）</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>消息</translation>
    </message>
</context>
<context>
    <name>cf::OverviewPage</name>
    <message>
        <source>Scenarios in this project: %1</source>
        <translation>本项目的方案数：%1</translation>
    </message>
    <message>
        <source>Scenario: %1</source>
        <translation>方案：%1</translation>
    </message>
    <message>
        <source>Accelerators</source>
        <translation>加速卡</translation>
    </message>
    <message>
        <source>%1 × %2 (%3 nodes × %4)</source>
        <translation>%1 × %2（%3 个节点 × %4）</translation>
    </message>
    <message>
        <source>Peak compute</source>
        <translation>峰值算力</translation>
    </message>
    <message>
        <source>%1 PFLOP/s (%2, dense)</source>
        <translation>%1 PFLOP/s（%2，稠密）</translation>
    </message>
    <message>
        <source>HBM</source>
        <translation>HBM</translation>
    </message>
    <message>
        <source>%1 GiB per card, %2 TiB in total</source>
        <translation>每卡 %1 GiB，合计 %2 TiB</translation>
    </message>
    <message>
        <source>Scale-up</source>
        <translation>纵向扩展</translation>
    </message>
    <message>
        <source>Scale-out</source>
        <translation>横向扩展</translation>
    </message>
    <message>
        <source>%1, %2 tier(s), %3 × %4 Gb/s per node, oversubscription %5:1%6</source>
        <translation>%1，%2 层，每节点 %3 × %4 Gb/s，收敛比 %5:1%6</translation>
    </message>
    <message>
        <source>, rail-optimised</source>
        <translation>，轨道优化（多轨）</translation>
    </message>
    <message>
        <source>Storage tiers</source>
        <translation>存储层级</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Facility</source>
        <translation>机房设施</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>%1 layers, hidden %2, %3 heads, sequence %4</source>
        <translation>%1 层，隐藏层维度 %2，%3 个注意力头，序列长度 %4</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>Parallelism</source>
        <translation>并行策略</translation>
    </message>
    <message>
        <source>TP %1 × PP %2 × DP %3 × CP %4</source>
        <translation>TP %1 × PP %2 × DP %3 × CP %4</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>批大小</translation>
    </message>
    <message>
        <source>global %1, micro-batch %2</source>
        <translation>全局 %1，微批次 %2</translation>
    </message>
    <message>
        <source>Training tokens</source>
        <translation>训练 token 数</translation>
    </message>
    <message>
        <source>Training job</source>
        <translation>训练作业</translation>
    </message>
    <message>
        <source>Estimates</source>
        <translation>估算结果</translation>
    </message>
    <message>
        <source>Not simulated</source>
        <translation>未仿真</translation>
    </message>
    <message>
        <source>Step time (s)</source>
        <translation>单步时间（秒）</translation>
    </message>
    <message>
        <source>Tokens per second</source>
        <translation>每秒 token 数</translation>
    </message>
    <message>
        <source>MFU (%)</source>
        <translation>MFU（模型算力利用率，%）</translation>
    </message>
    <message>
        <source>Memory per GPU (GiB)</source>
        <translation>每卡显存（GiB）</translation>
    </message>
    <message>
        <source>Time to train, failure-free (days)</source>
        <translation>无故障训练时长（天）</translation>
    </message>
    <message>
        <source>Bottleneck</source>
        <translation>瓶颈</translation>
    </message>
    <message>
        <source>Switches</source>
        <translation>交换机</translation>
    </message>
    <message>
        <source>Links</source>
        <translation>链路</translation>
    </message>
    <message>
        <source>Bisection bandwidth (Tb/s)</source>
        <translation>对分带宽（Tb/s）</translation>
    </message>
    <message>
        <source>IT power (kW)</source>
        <translation>IT 功率（kW）</translation>
    </message>
    <message>
        <source>PUE</source>
        <translation>电源使用效率（PUE）</translation>
    </message>
    <message>
        <source>CAPEX (million USD)</source>
        <translation>资本支出（CAPEX，百万美元）</translation>
    </message>
    <message>
        <source>TCO (million USD)</source>
        <translation>总拥有成本（TCO，百万美元）</translation>
    </message>
    <message>
        <source>The engine computes no section for this scenario yet.</source>
        <translation>仿真引擎目前尚不能为该方案计算任何结果。</translation>
    </message>
    <message>
        <source>%1, domain of %2 accelerators</source>
        <translation>%1，每域 %2 张加速卡</translation>
    </message>
    <message>
        <source>%1; climate: %2</source>
        <translation>%1；气候：%2</translation>
    </message>
    <message>
        <source>≈ %1 B</source>
        <translation>约 %1 B</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
</context>
<context>
    <name>cf::ProjectDock</name>
    <message>
        <source>Scenario %1</source>
        <translation>方案 %1</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Add Scenario</source>
        <translation>添加方案</translation>
    </message>
    <message>
        <source>Duplicate Scenario</source>
        <translation>复制方案</translation>
    </message>
    <message>
        <source>Rename Scenario</source>
        <translation>重命名方案</translation>
    </message>
    <message>
        <source>Remove Scenario</source>
        <translation>删除方案</translation>
    </message>
</context>
<context>
    <name>cf::ProjectTreeModel</name>
    <message>
        <source>Cluster: %1 × %2</source>
        <translation>集群：%1 × %2</translation>
    </message>
    <message>
        <source>Job: TP %1 · PP %2 · DP %3</source>
        <translation>作业：TP %1 · PP %2 · DP %3</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>Reliability: %1 trials</source>
        <translation>可靠性：%1 次试验</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>项目</translation>
    </message>
</context>
<context>
    <name>cf::PropertyDock</name>
    <message>
        <source>Properties</source>
        <translation>属性</translation>
    </message>
</context>
<context>
    <name>cf::PropertyEditor</name>
    <message>
        <source>Scenario</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>描述</translation>
    </message>
    <message>
        <source>Properties of “%1”</source>
        <translation>“%1”的属性</translation>
    </message>
    <message>
        <source>Not changed: %1</source>
        <translation>未修改：%1</translation>
    </message>
    <message>
        <source>“%1” has no editor in this panel yet</source>
        <translation>此面板中暂无“%1”的编辑器</translation>
    </message>
</context>
<context>
    <name>cf::RecentFiles</name>
    <message>
        <source>No recent files</source>
        <translation>没有最近打开的文件</translation>
    </message>
    <message>
        <source>Clear Recent Files</source>
        <translation>清除最近文件列表</translation>
    </message>
</context>
<context>
    <name>cf::RemoveScenario</name>
    <message>
        <source>Remove Scenario</source>
        <translation>删除方案</translation>
    </message>
</context>
<context>
    <name>cf::RenameScenario</name>
    <message>
        <source>Rename Scenario</source>
        <translation>重命名方案</translation>
    </message>
</context>
<context>
    <name>cf::SetProjectInfo</name>
    <message>
        <source>Change Project Name or Description</source>
        <translation>修改项目名称或描述</translation>
    </message>
</context>
<context>
    <name>cf::SetScenarioValue</name>
    <message>
        <source>Invalid field address %1</source>
        <translation>无效的字段地址 %1</translation>
    </message>
    <message>
        <source>Change %1</source>
        <translation>修改 %1</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>ClusterForge: a design studio for AI training clusters</source>
        <translation>ClusterForge：智算集群设计工作室</translation>
    </message>
    <message>
        <source>Project (.cfproj) or scenario (.cf.json) to open</source>
        <translation>要打开的项目（.cfproj）或方案（.cf.json）</translation>
    </message>
    <message>
        <source>Render the main window to a PNG file and exit.</source>
        <translation>将主窗口渲染为 PNG 文件后退出。</translation>
    </message>
    <message>
        <source>User interface language: en or zh_CN.</source>
        <translation>界面语言：en 或 zh_CN。</translation>
    </message>
</context>
</TS>
