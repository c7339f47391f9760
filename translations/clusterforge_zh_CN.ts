<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>cf::Metric</name>
    <message>
        <source>Step time</source>
        <translation>步时间</translation>
    </message>
    <message>
        <source>Wall time of one optimizer step: compute, exposed communication and pipeline bubble (the flow simulation's step when it ran)</source>
        <translation>一次优化器步的墙钟时间：计算、未被掩盖的通信和流水线气泡（运行了流级仿真时为其步时）</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Model FLOPs utilization: model FLOPs per step over the GPUs' dense peak for that step</source>
        <translation>模型算力利用率：每步模型 FLOPs 除以 GPU 在该步时内的稠密峰值算力</translation>
    </message>
    <message>
        <source>Tokens per second</source>
        <translation>每秒 Token 数</translation>
    </message>
    <message>
        <source>Training tokens per second of the whole job, failure-free</source>
        <translation>整个作业每秒训练的 token 数（无故障）</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>每卡显存</translation>
    </message>
    <message>
        <source>Peak memory per GPU on the fullest pipeline stage (weights, gradients, optimizer states, activations, buffers)</source>
        <translation>最满流水线阶段上每块 GPU 的峰值显存（权重、梯度、优化器状态、激活值、缓冲区）</translation>
    </message>
    <message>
        <source>Time to train, failure-free</source>
        <translation>训练时长（无故障）</translation>
    </message>
    <message>
        <source>Step time x steps to the token budget, no failures</source>
        <translation>步时 × 达到 token 预算所需步数，不计故障</translation>
    </message>
    <message>
        <source>Cluster MTBF</source>
        <translation>集群平均故障间隔时间（MTBF）</translation>
    </message>
    <message>
        <source>Mean time between job-interrupting failures of the job's parts (1 / sum of their rates); empty when nothing fails</source>
        <translation>作业所用部件中断作业的故障之间的平均时间（1 / 各故障率之和）；没有故障时为空</translation>
    </message>
    <message>
        <source>Interruptions per run</source>
        <translation>每次训练中断次数</translation>
    </message>
    <message>
        <source>Job interruptions per training run, mean over the Monte Carlo trials</source>
        <translation>每次训练运行的作业中断次数，蒙特卡洛试验的均值</translation>
    </message>
    <message>
        <source>Goodput (ETTR)</source>
        <translation>有效训练时间占比（ETTR）</translation>
    </message>
    <message>
        <source>Failure-free time over wall time with failures, mean over the trials</source>
        <translation>无故障时间除以含故障的墙钟时间，各次试验的均值</translation>
    </message>
    <message>
        <source>Time to train, mean</source>
        <translation>训练时长（均值）</translation>
    </message>
    <message>
        <source>Wall time of the run with failures, checkpoints and restarts, mean over the trials</source>
        <translation>含故障、检查点和重启的训练墙钟时间，各次试验的均值</translation>
    </message>
    <message>
        <source>Time to train, p95</source>
        <translation>训练时长（p95）</translation>
    </message>
    <message>
        <source>95th percentile over the trials of the wall time with failures</source>
        <translation>各次试验中含故障墙钟时间的第 95 百分位</translation>
    </message>
    <message>
        <source>Checkpoint interval</source>
        <translation>检查点间隔</translation>
    </message>
    <message>
        <source>Time between checkpoints the run used (the policy's, or Young/Daly's optimum)</source>
        <translation>本次运行使用的检查点间隔（策略给定的，或 Young/Daly 最优值）</translation>
    </message>
    <message>
        <source>IT power</source>
        <translation>IT 功率</translation>
    </message>
    <message>
        <source>Power of the IT equipment at the training load</source>
        <translation>训练负载下 IT 设备的功率</translation>
    </message>
    <message>
        <source>Facility power</source>
        <translation>设施功率</translation>
    </message>
    <message>
        <source>IT power plus power chain and cooling losses, annual mean</source>
        <translation>IT 功率加上供电链路和制冷损耗，全年平均</translation>
    </message>
    <message>
        <source>Cooling power</source>
        <translation>制冷功率</translation>
    </message>
    <message>
        <source>Power of the cooling plant and its fans and pumps, annual mean</source>
        <translation>制冷设备及其风机和水泵的功率，全年平均</translation>
    </message>
    <message>
        <source>PUE</source>
        <translation>PUE</translation>
    </message>
    <message>
        <source>Power usage effectiveness over the year: facility energy over IT energy</source>
        <translation>全年能源使用效率：设施能耗除以 IT 能耗</translation>
    </message>
    <message>
        <source>Energy per year</source>
        <translation>年能耗</translation>
    </message>
    <message>
        <source>Facility energy of a year at the training load</source>
        <translation>训练负载下设施一年的能耗</translation>
    </message>
    <message>
        <source>CO₂ per year</source>
        <translation>年 CO₂ 排放</translation>
    </message>
    <message>
        <source>Energy per year times the grid's carbon intensity</source>
        <translation>年能耗乘以电网碳排放强度</translation>
    </message>
    <message>
        <source>CAPEX</source>
        <translation>资本支出（CAPEX）</translation>
    </message>
    <message>
        <source>Purchase of the IT equipment and the facility plant</source>
        <translation>IT 设备和设施机电系统的采购费用</translation>
    </message>
    <message>
        <source>OPEX per year</source>
        <translation>年运营支出（OPEX）</translation>
    </message>
    <message>
        <source>Electricity, support, plant upkeep and space per year</source>
        <translation>每年的电费、维保、机电维护和场地费用</translation>
    </message>
    <message>
        <source>TCO</source>
        <translation>总拥有成本（TCO）</translation>
    </message>
    <message>
        <source>CAPEX plus OPEX over the cost model's years</source>
        <translation>CAPEX 加上成本模型年限内的 OPEX</translation>
    </message>
    <message>
        <source>Cost per GPU-hour</source>
        <translation>每 GPU 小时成本</translation>
    </message>
    <message>
        <source>TCO over the GPU-hours sold at the cost model's utilization over its years</source>
        <translation>TCO 除以成本模型年限内按其利用率售出的 GPU 小时</translation>
    </message>
    <message>
        <source>Cost of the run</source>
        <translation>单次训练成本</translation>
    </message>
    <message>
        <source>Cost per GPU-hour times the job's GPUs times the run's wall time (with failures when the Monte Carlo ran)</source>
        <translation>每 GPU 小时成本 × 作业 GPU 数 × 训练墙钟时间（运行了蒙特卡洛时含故障）</translation>
    </message>
    <message>
        <source>Cost per million tokens</source>
        <translation>每百万 Token 成本</translation>
    </message>
    <message>
        <source>Cost of the run over its training tokens, per million</source>
        <translation>训练成本除以训练 token 数，按每百万计</translation>
    </message>
    <message>
        <source>Break-even utilization against the cloud</source>
        <translation>与云租用持平的利用率</translation>
    </message>
    <message>
        <source>Utilization above which owning the cluster costs less than renting the same GPUs by the hour; empty when owning never breaks even</source>
        <translation>利用率高于此值时，自建集群比按小时租用同样的 GPU 更便宜；自建永远无法持平时为空</translation>
    </message>
    <message>
        <source>Switches</source>
        <translation>交换机</translation>
    </message>
    <message>
        <source>Switches of the fabric, every tier</source>
        <translation>网络中各层交换机的总数</translation>
    </message>
    <message>
        <source>Optical modules</source>
        <translation>光模块</translation>
    </message>
    <message>
        <source>Optical transceivers of the fabric (an active optical cable counts once)</source>
        <translation>网络中的光模块（一根有源光缆计为一个）</translation>
    </message>
    <message>
        <source>Bisection bandwidth</source>
        <translation>对分带宽</translation>
    </message>
    <message>
        <source>Bandwidth across the fabric's worst even cut (empty before the path analysis)</source>
        <translation>网络最差均分切面上的带宽（路径分析完成前为空）</translation>
    </message>
</context>
<context>
    <name>EngineMessages</name>
    <message>
        <source>%1 needs experts &gt; 1 (a mixture of experts)</source>
        <translation>%1 需要 experts &gt; 1（混合专家模型）</translation>
    </message>
    <message>
        <source>dualpipe needs an even pp, not %1</source>
        <translation>dualpipe 需要偶数的 pp，而不是 %1</translation>
    </message>
    <message>
        <source>dualpipe needs an even number of micro-batches per step, at least 2*pp=%2; global_batch/(dp*micro_batch) gives %1</source>
        <translation>dualpipe 需要每步偶数个微批次，且至少为 2*pp=%2；global_batch/(dp*micro_batch) 得到 %1</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is a whole-rack system: &quot;%2&quot; cannot share its rack</source>
        <translation>“%1”是整机柜系统：“%2”不能与其共用机柜</translation>
    </message>
    <message>
        <source>%1 placed node(s) of type &quot;%2&quot; carry %3, but the cluster is modelled with %4 (first: &quot;%5&quot;)</source>
        <translation>已放置 %1 台“%2”节点，搭载 %3，但集群按 %4 建模（第一台：“%5”）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is liquid-cooled, but rack &quot;%2&quot; (%3) is air-cooled: it has no coolant manifolds</source>
        <translation>“%1”为液冷，但机柜“%2”（%3）为风冷：没有冷却液分水器</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is air-cooled, but rack &quot;%2&quot; (%3) is liquid-cooled: its heat goes to the room air, not the coolant loop</source>
        <translation>“%1”为风冷，但机柜“%2”（%3）为液冷：其热量排入机房空气，而非冷却液回路</translation>
    </message>
    <message>
        <source>&quot;%1&quot; draws %2 kW, more than the %3 kW per rack that cooling system &quot;%4&quot; removes</source>
        <translation>“%1”功耗 %2 kW，超过冷却系统“%4”每机柜可排出的 %3 kW</translation>
    </message>
    <message>
        <source>slot %1 is not right of the previous rack &quot;%2&quot; (slot %3)</source>
        <translation>位置 %1 不在前一个机柜“%2”（位置 %3）的右侧</translation>
    </message>
    <message>
        <source>job.software.activation_offload = %1 puts %2 GiB of activations per GPU in host memory, which leaves %3 GiB per GPU for them</source>
        <translation>job.software.activation_offload = %1 在主机内存中为每卡存放 %2 GiB 激活，但每卡可用于激活的主机内存只有 %3 GiB</translation>
    </message>
    <message>
        <source>data loading: storage tier &quot;%1&quot; gives each node %2 GB/s</source>
        <translation>数据加载：存储层级“%1”为每个节点提供 %2 GB/s</translation>
    </message>
    <message>
        <source>data loading: %1 ms per request to tier &quot;%2&quot; with %3 loader worker(s) per GPU, %4 request(s) in flight each</source>
        <translation>数据加载：存储层级“%2”每次请求 %1 ms，每 GPU %3 个加载进程，每个进程 %4 个并发请求</translation>
    </message>
    <message>
        <source>data loading: %1 ms of host CPU per sample on %2 core(s) per GPU</source>
        <translation>数据加载：每个样本占用主机 CPU %1 ms，每 GPU %2 个核心</translation>
    </message>
    <message>
        <source>%1 runs with virtual_stages=%2, not %3</source>
        <translation>%1 需要 virtual_stages=%2，而不是 %3</translation>
    </message>
    <message>
        <source>%1 needs pp &gt; 1</source>
        <translation>%1 需要 pp &gt; 1</translation>
    </message>
    <message>
        <source>first_stage_layers=%1 and last_stage_layers=%2 leave %3 layers for the other %4 stages of pp=%5</source>
        <translation>first_stage_layers=%1 与 last_stage_layers=%2 只给 pp=%5 的其余 %4 个阶段留下 %3 层</translation>
    </message>
    <message>
        <source>%1 ports, more than the largest switch of %2 ports</source>
        <translation>%1 个端口，超过最大交换机的 %2 个端口</translation>
    </message>
    <message>
        <source>0 NICs on %1 nodes: traffic between nodes has no network</source>
        <translation>%1 个节点上没有网卡：节点之间的流量没有网络可走</translation>
    </message>
    <message>
        <source>what fits: %1 NICs per node (3 tiers)</source>
        <translation>可行方案：每节点 %1 个网卡（3 层）</translation>
    </message>
    <message>
        <source>what fits: leaves oversubscribed %1:1 (3 tiers)</source>
        <translation>可行方案：叶交换机收敛比 %1:1（3 层）</translation>
    </message>
    <message>
        <source>what fits: switch %1 (%2 ports, 3 tiers)</source>
        <translation>可行方案：交换机 %1（%2 端口，3 层）</translation>
    </message>
    <message>
        <source>%1 does not divide hidden=%2</source>
        <translation>hidden=%2 不能被 %1 整除</translation>
    </message>
    <message>
        <source>%1 must divide heads=%2</source>
        <translation>heads=%2 必须能被 %1 整除</translation>
    </message>
    <message>
        <source>%1 exceeds experts=%2</source>
        <translation>%1 超过了 experts=%2</translation>
    </message>
    <message>
        <source>%1 does not divide heads=%2</source>
        <translation>heads=%2 不能被 %1 整除</translation>
    </message>
    <message>
        <source>%1 and kv_heads=%2 do not divide one another</source>
        <translation>%1 与 kv_heads=%2 互不整除</translation>
    </message>
    <message>
        <source>%1 does not divide ffn_hidden=%2</source>
        <translation>ffn_hidden=%2 不能被 %1 整除</translation>
    </message>
    <message>
        <source>%1 exceeds layers=%2</source>
        <translation>%1 超过了 layers=%2</translation>
    </message>
    <message>
        <source>interleaving needs pp &gt; 1</source>
        <translation>交错流水线调度需要 pp &gt; 1</translation>
    </message>
    <message>
        <source>%1 stages of pp=%2 exceed layers=%3</source>
        <translation>pp=%2 的 %1 个虚拟阶段超过了 layers=%3</translation>
    </message>
    <message>
        <source>%1 micro-batches per step are not a multiple of pp=%2 (interleaved schedule)</source>
        <translation>每步 %1 个微批次不是 pp=%2 的倍数（交错流水线调度）</translation>
    </message>
    <message>
        <source>%1 does not divide seq_len=%2</source>
        <translation>seq_len=%2 不能被 %1 整除</translation>
    </message>
    <message>
        <source>expert parallelism needs experts &gt; 1</source>
        <translation>专家并行需要 experts &gt; 1</translation>
    </message>
    <message>
        <source>%1 does not divide experts=%2</source>
        <translation>experts=%2 不能被 %1 整除</translation>
    </message>
    <message>
        <source>%1 does not divide dp*cp=%2</source>
        <translation>dp*cp=%2 不能被 %1 整除</translation>
    </message>
    <message>
        <source>tp*pp*dp*cp = %1 GPUs, more than the cluster&apos;s %2</source>
        <translation>tp*pp*dp*cp = %1 卡，超过了集群的 %2 卡</translation>
    </message>
    <message>
        <source>tp*pp*cp = %1 does not divide the %2 GPUs; %3 stay idle</source>
        <translation>集群的 %2 卡不能被 tp*pp*cp = %1 整除；%3 卡闲置</translation>
    </message>
    <message>
        <source>%1 is not a multiple of dp*micro_batch=%2</source>
        <translation>%1 不是 dp*micro_batch=%2 的整数倍</translation>
    </message>
    <message>
        <source>%1 spans beyond the scale-up domain of %2 GPUs; TP traffic crosses the scale-out network</source>
        <translation>%1 超出了 %2 卡的纵向扩展域；张量并行流量将经过横向扩展网络</translation>
    </message>
    <message>
        <source>%1 is not supported by %2</source>
        <translation>%2 不支持 %1</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a storage tier of the cluster</source>
        <translation>“%1”不是集群的存储层级</translation>
    </message>
    <message>
        <source>%1 exceeds the cluster&apos;s %2 GPUs</source>
        <translation>%1 超过了集群的 %2 卡</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a known climate (%2)</source>
        <translation>“%1”不是已知的气候类型（%2）</translation>
    </message>
    <message>
        <source>must be above 0 when NICs are fitted</source>
        <translation>配有网卡时必须大于 0</translation>
    </message>
    <message>
        <source>%1 has %2 Gb/s ports, slower than the %3 Gb/s NICs</source>
        <translation>%1 的端口为 %2 Gb/s，慢于 %3 Gb/s 的网卡</translation>
    </message>
    <message>
        <source>switch ports exhausted: %1 tier(s) of %2-port switches connect at most %3 NIC ports; the cluster has %4; the fabric is modelled with %5 tiers</source>
        <translation>交换机端口不足：%1 层 %2 端口交换机最多连接 %3 个网卡端口，集群有 %4 个；网络按 %5 层建模</translation>
    </message>
    <message>
        <source>switch ports exhausted: %1 tier(s) of %2-port switches connect at most %3 NIC ports; the cluster has %4, more than 3 tiers of this switch can connect</source>
        <translation>交换机端口不足：%1 层 %2 端口交换机最多连接 %3 个网卡端口，集群有 %4 个，超过了该交换机 3 层组网所能连接的数量</translation>
    </message>
    <message>
        <source>tier &quot;%1&quot; has no read bandwidth</source>
        <translation>存储层级“%1”没有读带宽</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not in the catalog</source>
        <translation>“%1”不在部件目录中</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is %2 cooling, not %3</source>
        <translation>“%1”的冷却方式为 %2，而非 %3</translation>
    </message>
    <message>
        <source>the catalog has no %1 cooling system</source>
        <translation>部件目录中没有 %1 冷却系统</translation>
    </message>
    <message>
        <source>rack type &quot;%1&quot; is not in the catalog</source>
        <translation>机柜型号“%1”不在部件目录中</translation>
    </message>
    <message>
        <source>&quot;%1&quot; at U%2 (%3U) does not fit a %4U rack</source>
        <translation>位于 U%2 的“%1”（%3U）超出了 %4U 机柜</translation>
    </message>
    <message>
        <source>&quot;%1&quot; overlaps &quot;%2&quot; at U%3</source>
        <translation>“%1”与“%2”在 U%3 处重叠</translation>
    </message>
    <message>
        <source>&quot;%1&quot; draws %2 kW, over its %3 kW power budget</source>
        <translation>“%1”功耗 %2 kW，超过了 %3 kW 的功率预算</translation>
    </message>
    <message>
        <source>&quot;%1&quot; weighs %2 kg, over its %3 kg limit</source>
        <translation>“%1”重 %2 kg，超过了 %3 kg 的承重上限</translation>
    </message>
    <message>
        <source>%1 nodes placed in racks, but the cluster has %2: generate the layout again (Racks › Generate layout) or place the difference by hand</source>
        <translation>已在机柜中放置 %1 个节点，但集群有 %2 个：请重新生成布局（机柜 › 生成布局），或手动补齐差额</translation>
    </message>
    <message>
        <source>needs %1 GiB per GPU but the accelerator has %2 GiB (model states %3 GiB with ZeRO stage %4, activations %5 GiB with recompute=%6)</source>
        <translation>每卡需要 %1 GiB 显存，但加速卡只有 %2 GiB（模型状态 %3 GiB，ZeRO 阶段 %4；激活 %5 GiB，激活重计算 recompute=%6）</translation>
    </message>
    <message>
        <source>TP=%1 spans more than one scale-up domain: its collectives cross the scale-out network</source>
        <translation>张量并行 TP=%1 跨越多个纵向扩展域：其集合通信经过横向扩展网络</translation>
    </message>
    <message>
        <source>TP=%1 collectives in the scale-up domain, not overlapped with compute</source>
        <translation>张量并行 TP=%1 在纵向扩展域内的集合通信，未与计算重叠</translation>
    </message>
    <message>
        <source>DP gradient all-reduce over %1 ranks crosses the %2oversubscribed leaf uplinks</source>
        <translation>数据并行梯度 All-Reduce（%1 个 rank）经过%2收敛的 Leaf 上行链路</translation>
    </message>
    <message>
        <source>DP gradient all-reduce over %1 ranks crosses the %2oversubscribed aggregation (spine-core) uplinks</source>
        <translation>数据并行梯度 All-Reduce（%1 个 rank）经过%2收敛的汇聚层（Spine-Core）上行链路</translation>
    </message>
    <message>
        <source>DP gradient all-reduce over %1 ranks runs over the scale-out NICs</source>
        <translation>数据并行梯度 All-Reduce（%1 个 rank）经由横向扩展网卡</translation>
    </message>
    <message>
        <source>DP gradient all-reduce over %1 ranks stays in the scale-up domain</source>
        <translation>数据并行梯度 All-Reduce（%1 个 rank）留在纵向扩展域内</translation>
    </message>
    <message>
        <source>DP gradient reduce-scatter and parameter all-gather over %1 ranks crosses the %2oversubscribed leaf uplinks</source>
        <translation>数据并行梯度 Reduce-Scatter 与参数 All-Gather（%1 个 rank）经过%2收敛的 Leaf 上行链路</translation>
    </message>
    <message>
        <source>DP gradient reduce-scatter and parameter all-gather over %1 ranks crosses the %2oversubscribed aggregation (spine-core) uplinks</source>
        <translation>数据并行梯度 Reduce-Scatter 与参数 All-Gather（%1 个 rank）经过%2收敛的汇聚层（Spine-Core）上行链路</translation>
    </message>
    <message>
        <source>DP gradient reduce-scatter and parameter all-gather over %1 ranks runs over the scale-out NICs</source>
        <translation>数据并行梯度 Reduce-Scatter 与参数 All-Gather（%1 个 rank）经由横向扩展网卡</translation>
    </message>
    <message>
        <source>DP gradient reduce-scatter and parameter all-gather over %1 ranks stays in the scale-up domain</source>
        <translation>数据并行梯度 Reduce-Scatter 与参数 All-Gather（%1 个 rank）留在纵向扩展域内</translation>
    </message>
    <message>
        <source>pipeline send/receive between %1 stages</source>
        <translation>流水线并行 %1 个阶段之间的发送/接收</translation>
    </message>
    <message>
        <source>MoE all-to-all over EP=%1 ranks</source>
        <translation>MoE All-to-All（专家并行 EP=%1 个 rank）</translation>
    </message>
    <message>
        <source>context-parallel K/V exchange over CP=%1 ranks</source>
        <translation>上下文并行 K/V 交换（CP=%1 个 rank）</translation>
    </message>
    <message>
        <source>data loading from storage tier &quot;%1&quot;</source>
        <translation>从存储层级“%1”加载数据</translation>
    </message>
    <message>
        <source>%1 of %2 exposed</source>
        <translation>暴露 %1（单步共 %2）</translation>
    </message>
    <message>
        <source>%1 of %2 exposed (%3 on %4 in all)</source>
        <translation>暴露 %1（单步共 %2；%4 合计 %3）</translation>
    </message>
    <message>
        <source>compute-bound at %1 MFU (%2 of %3 TFLOP/s per GPU executed)</source>
        <translation>计算受限，MFU 为 %1（每卡实际执行 %2 TFLOP/s，峰值 %3 TFLOP/s）</translation>
    </message>
    <message>
        <source>pipeline bubble %1 (%2, pp=%3, %4 micro-batches, v=%5)</source>
        <translation>流水线气泡 %1（%2，pp=%3，%4 个微批次，v=%5）</translation>
    </message>
    <message>
        <source>HBM-bound kernels (norms, activations, dropout) take %1</source>
        <translation>受 HBM 带宽限制的算子（归一化、激活函数、dropout）占 %1</translation>
    </message>
    <message>
        <source>full recomputation repeats every forward pass</source>
        <translation>完全激活重计算使每次前向传播重复执行一遍</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1；%2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>what fits: %1 planes of %2 Gb/s links, switch ports split to %3 a switch (3 tiers)</source>
        <translation>可行方案：%1 个网络平面，链路 %2 Gb/s，交换机端口拆分为每台 %3 个（3 层）</translation>
    </message>
    <message>
        <source>what fits: switch %1 with its ports split to %2 × %3 Gb/s (3 tiers)</source>
        <translation>可行方案：交换机 %1，端口拆分为 %2 × %3 Gb/s（3 层）</translation>
    </message>
    <message>
        <source>%1 needs attention=mla (multi-head latent attention)</source>
        <translation>%1 需要 attention=mla（多头潜在注意力）</translation>
    </message>
    <message>
        <source>attention=mla needs kv_lora_rank &gt; 0 (the key/value latent width)</source>
        <translation>attention=mla 需要 kv_lora_rank &gt; 0（键/值潜在向量宽度）</translation>
    </message>
    <message>
        <source>kv_heads=%1 does not apply to attention=mla: every head has its own key and value</source>
        <translation>kv_heads=%1 不适用于 attention=mla：每个头都有自己的键和值</translation>
    </message>
    <message>
        <source>%1 leaves no mixture-of-experts layer of layers=%2</source>
        <translation>%1 使 layers=%2 中没有剩余的混合专家层</translation>
    </message>
    <message>
        <source>%1 needs first_dense_layers &gt; 0</source>
        <translation>%1 需要 first_dense_layers &gt; 0</translation>
    </message>
    <message>
        <source>%1 does not divide dense_ffn_hidden=%2</source>
        <translation>%1 不能整除 dense_ffn_hidden=%2</translation>
    </message>
</context>
<context>
    <name>ImageExport</name>
    <message>
        <source>Choose a file ending in .png or .svg (%1)</source>
        <translation>请选择扩展名为 .png 或 .svg 的文件（%1）</translation>
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>There is nothing to export yet.</source>
        <translation>尚无可导出的内容。</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG 图像 (*.png);;SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>Export image</source>
        <translation>导出图像</translation>
    </message>
    <message>
        <source>Export image…</source>
        <translation>导出图像…</translation>
    </message>
</context>
<context>
    <name>Lesson</name>
    <message>
        <source>Cannot read the lesson %1</source>
        <translation>无法读取课程 %1</translation>
    </message>
    <message>
        <source>Lesson %1: %2</source>
        <translation>课程 %1：%2</translation>
    </message>
</context>
<context>
    <name>LessonSimulator</name>
    <message>
        <source>Cost per accelerator-hour (USD)</source>
        <translation>每加速卡小时成本（美元）</translation>
    </message>
    <message>
        <source>Utilisation at which owning beats renting</source>
        <translation>自建优于租用的利用率</translation>
    </message>
    <message>
        <source>TCO (USD)</source>
        <translation>TCO（美元）</translation>
    </message>
    <message>
        <source>Daly interval (min)</source>
        <translation>Daly 检查点间隔（分钟）</translation>
    </message>
    <message>
        <source>Checkpoint interval (min)</source>
        <translation>检查点间隔（分钟）</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数量</translation>
    </message>
    <message>
        <source>The lesson&apos;s example %1 is not available</source>
        <translation>课程示例 %1 不可用</translation>
    </message>
    <message>
        <source>Lesson %1: %2</source>
        <translation>课程 %1：%2</translation>
    </message>
    <message>
        <source>Scale-out communication share of the step</source>
        <translation>横向扩展通信占单步时间的比例</translation>
    </message>
    <message>
        <source>All communication share of the step</source>
        <translation>全部通信占单步时间的比例</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Step time (s)</source>
        <translation>单步时间（秒）</translation>
    </message>
    <message>
        <source>Time to train, failure-free (days)</source>
        <translation>无故障训练时长（天）</translation>
    </message>
    <message>
        <source>Cluster MTBF (hours)</source>
        <translation>集群平均故障间隔时间（MTBF，小时）</translation>
    </message>
    <message>
        <source>Goodput (ETTR)</source>
        <translation>有效训练时间占比（ETTR）</translation>
    </message>
    <message>
        <source>Interruptions per run</source>
        <translation>每次训练中断次数</translation>
    </message>
    <message>
        <source>Young/Daly interval (min)</source>
        <translation>Young/Daly 检查点间隔（分钟）</translation>
    </message>
    <message>
        <source>PUE</source>
        <translation>电源使用效率（PUE）</translation>
    </message>
    <message>
        <source>Cooling power (kW)</source>
        <translation>冷却功率（kW）</translation>
    </message>
    <message>
        <source>Facility power (kW)</source>
        <translation>设施功率（kW）</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>p95 queue wait (h)</source>
        <translation>p95 排队等待（小时）</translation>
    </message>
    <message>
        <source>GPU utilisation</source>
        <translation>GPU 利用率</translation>
    </message>
    <message>
        <source>Goodput per job</source>
        <translation>单作业有效产出率</translation>
    </message>
    <message>
        <source>Preemptions</source>
        <translation>抢占次数</translation>
    </message>
</context>
<context>
    <name>LinkOverlay</name>
    <message>
        <source>Link load from the flow simulation: mean utilisation over the step, busier direction (log scale)</source>
        <translation>链路负载（流级仿真）：训练步内平均利用率，取较忙方向（对数刻度）</translation>
    </message>
    <message>
        <source>Link load from the analytical model (flow simulation off): mean utilisation over the step, busier direction (log scale)</source>
        <translation>链路负载（解析模型，未开启流级仿真）：训练步内平均利用率，取较忙方向（对数刻度）</translation>
    </message>
    <message>
        <source>Link utilisation (flow simulation, mean over the step per link)</source>
        <translation>链路利用率（流量仿真，每条链路在一步内的平均值）</translation>
    </message>
    <message>
        <source>Link utilisation (analytical model, per tier)</source>
        <translation>链路利用率（解析模型，按层级）</translation>
    </message>
</context>
<context>
    <name>MetricTable</name>
    <message>
        <source> pp</source>
        <translation> 个百分点</translation>
    </message>
    <message>
        <source>±0 pp</source>
        <translation>±0 个百分点</translation>
    </message>
    <message>
        <source>±0 %</source>
        <translation>±0 %</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>步时间</translation>
    </message>
    <message>
        <source>s</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>%</source>
        <translation>%</translation>
    </message>
    <message>
        <source>Tokens per second</source>
        <translation>每秒 Token 数</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>每卡显存</translation>
    </message>
    <message>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <source>Time to train, failure-free</source>
        <translation>训练时长（无故障）</translation>
    </message>
    <message>
        <source>days</source>
        <translation>天</translation>
    </message>
    <message>
        <source>Cluster MTBF</source>
        <translation>集群平均故障间隔时间（MTBF）</translation>
    </message>
    <message>
        <source>h</source>
        <translation>小时</translation>
    </message>
    <message>
        <source>Interruptions per run</source>
        <translation>每次训练中断次数</translation>
    </message>
    <message>
        <source>Goodput (ETTR)</source>
        <translation>有效训练时间占比（ETTR）</translation>
    </message>
    <message>
        <source>Time to train, mean</source>
        <translation>训练时长（均值）</translation>
    </message>
    <message>
        <source>Time to train, p95</source>
        <translation>训练时长（p95）</translation>
    </message>
    <message>
        <source>Checkpoint interval</source>
        <translation>检查点间隔</translation>
    </message>
    <message>
        <source>min</source>
        <translation>分钟</translation>
    </message>
    <message>
        <source>IT power</source>
        <translation>IT 功率</translation>
    </message>
    <message>
        <source>kW</source>
        <translation>kW</translation>
    </message>
    <message>
        <source>Facility power</source>
        <translation>设施功率</translation>
    </message>
    <message>
        <source>PUE</source>
        <translation>PUE</translation>
    </message>
    <message>
        <source>Energy per year</source>
        <translation>年能耗</translation>
    </message>
    <message>
        <source>MWh</source>
        <translation>MWh</translation>
    </message>
    <message>
        <source>CO₂ per year</source>
        <translation>年 CO₂ 排放</translation>
    </message>
    <message>
        <source>t</source>
        <translation>吨</translation>
    </message>
    <message>
        <source>CAPEX</source>
        <translation>资本支出（CAPEX）</translation>
    </message>
    <message>
        <source>M USD</source>
        <translation>百万美元</translation>
    </message>
    <message>
        <source>OPEX per year</source>
        <translation>年运营支出（OPEX）</translation>
    </message>
    <message>
        <source>TCO</source>
        <translation>总拥有成本（TCO）</translation>
    </message>
    <message>
        <source>Cost per GPU-hour</source>
        <translation>每 GPU 小时成本</translation>
    </message>
    <message>
        <source>USD</source>
        <translation>美元</translation>
    </message>
    <message>
        <source>Cost of the run</source>
        <translation>单次训练成本</translation>
    </message>
    <message>
        <source>Cost per million tokens</source>
        <translation>每百万 Token 成本</translation>
    </message>
    <message>
        <source>Switches</source>
        <translation>交换机</translation>
    </message>
    <message>
        <source>Optical modules</source>
        <translation>光模块</translation>
    </message>
    <message>
        <source>Bisection bandwidth</source>
        <translation>对分带宽</translation>
    </message>
    <message>
        <source>Tb/s</source>
        <translation>Tb/s</translation>
    </message>
</context>
<context>
    <name>ReportHtml</name>
    <message>
        <source>Uncertainty</source>
        <translation>不确定性</translation>
    </message>
    <message>
        <source>How sure each figure is: the engine run on samples of its uncertain inputs (catalog figures marked as estimates, the performance model&apos;s own error, the scenarios&apos; stated ranges). p50 is the median; nine samples in ten lie between p5 and p95.</source>
        <translation>各项指标有多可靠：对不确定输入（目录中标注为估计值的参数、性能模型自身的误差、方案中给定的范围）抽样并运行仿真引擎。p50 为中位数；十个样本中有九个落在 p5 与 p95 之间。</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>p50 (p5 – p95)</source>
        <translation>p50（p5 – p95）</translation>
    </message>
    <message>
        <source>%1: not computed: %2</source>
        <translation>%1：未能计算：%2</translation>
    </message>
    <message>
        <source>What decides %1</source>
        <translation>什么决定了%1</translation>
    </message>
    <message>
        <source>Which design is best on %1</source>
        <translation>按%1哪个方案最优</translation>
    </message>
    <message>
        <source>Chance best</source>
        <translation>最优概率</translation>
    </message>
    <message>
        <source>Expected regret (%1)</source>
        <translation>期望遗憾（%1）</translation>
    </message>
    <message>
        <source>Assumptions of the uncertainty analysis</source>
        <translation>不确定性分析的假设</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>分布</translation>
    </message>
    <message>
        <source>Range</source>
        <translation>范围</translation>
    </message>
    <message>
        <source>Scenarios</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>Tornado: each input alone at the ends of its range (the 5th and 95th percentiles of a normal or lognormal one), the others at the design&apos;s values. Goodput and time to train with failures from the first-order closed form (Young/Daly interval), not a Monte Carlo per sample.</source>
        <translation>龙卷风图：每次只把一个输入取到其范围的两端（正态或对数正态分布取第 5 和第 95 百分位），其余输入取设计值。有效训练时间占比和含故障的训练时长采用一阶闭式解（Young/Daly 检查点间隔），而非逐样本的蒙特卡洛模拟。</translation>
    </message>
    <message>
        <source>Node %1</source>
        <translation>节点 %1</translation>
    </message>
    <message>
        <source>Switch %1</source>
        <translation>交换机 %1</translation>
    </message>
    <message>
        <source>Storage %1</source>
        <translation>存储 %1</translation>
    </message>
    <message>
        <source>PDU %1</source>
        <translation>PDU %1</translation>
    </message>
    <message>
        <source>CDU</source>
        <translation>CDU（冷却液分配单元）</translation>
    </message>
    <message>
        <source>Cable manager</source>
        <translation>理线器</translation>
    </message>
    <message>
        <source>Compute rack</source>
        <translation>计算机柜</translation>
    </message>
    <message>
        <source>Network rack</source>
        <translation>网络机柜</translation>
    </message>
    <message>
        <source>Storage rack</source>
        <translation>存储机柜</translation>
    </message>
    <message>
        <source>Rack</source>
        <translation>机柜</translation>
    </message>
    <message>
        <source>UPS, switchgear, generators</source>
        <translation>UPS、开关柜、发电机</translation>
    </message>
    <message>
        <source> kW</source>
        <translation> kW</translation>
    </message>
    <message>
        <source> /kW</source>
        <translation> /kW</translation>
    </message>
    <message>
        <source>Design: %1 (see “Design %1”). Model: %2 layers, hidden size %3; TP %4 × PP %5 × DP %6, micro-batch %7; %8 billion tokens.</source>
        <translation>设计：%1（见“设计 %1”）。模型：%2 层，隐藏维度 %3；TP %4 × PP %5 × DP %6，微批次 %7；%8 十亿 Token。</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>“%1” as for %2</source>
        <translation>“%1”同 %2</translation>
    </message>
    <message>
        <source>Not repeated (identical charts): %1.</source>
        <translation>未重复（图表相同）：%1。</translation>
    </message>
    <message>
        <source>%n tier(s)</source>
        <translation>%n 层</translation>
    </message>
    <message>
        <source>oversubscription %1 : 1</source>
        <translation>收敛比 %1 : 1</translation>
    </message>
    <message>
        <source>%1 × %2 Gb/s per node</source>
        <translation>每节点 %1 × %2 Gb/s</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>%1 × %2 (%3 nodes of %4)</source>
        <translation>%1 × %2（%3 个节点，每节点 %4 卡）</translation>
    </message>
    <message>
        <source>%1, %2 GPUs per domain</source>
        <translation>%1，每域 %2 卡</translation>
    </message>
    <message>
        <source>automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>%1, climate %2</source>
        <translation>%1，气候 %2</translation>
    </message>
    <message>
        <source>Power</source>
        <translation>供电</translation>
    </message>
    <message>
        <source>%1, %2 redundancy</source>
        <translation>%1，%2 冗余</translation>
    </message>
    <message>
        <source>Electricity</source>
        <translation>电价</translation>
    </message>
    <message>
        <source>%1 USD/kWh, amortised over %2 years</source>
        <translation>%1 美元/kWh，按 %2 年摊销</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Executive summary</source>
        <translation>执行摘要</translation>
    </message>
    <message>
        <source>Design</source>
        <translation>设计</translation>
    </message>
    <message>
        <source>Accelerator</source>
        <translation>加速卡</translation>
    </message>
    <message>
        <source>%1, %n tier(s), %2 Gb/s</source>
        <translation>%1，%n 层，%2 Gb/s</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Bottleneck</source>
        <translation>瓶颈</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>Energy</source>
        <translation>能耗</translation>
    </message>
    <message>
        <source>The best value of each row is highlighted. </source>
        <translation>每行最优值已高亮。</translation>
    </message>
    <message>
        <source>Time to train with failures is the Monte Carlo mean; TCO covers the amortisation period; the cost of the run is the share of TCO the training run uses.</source>
        <translation>含故障的训练时长为蒙特卡洛均值；TCO 覆盖整个摊销期；单次训练成本为该训练任务占用的 TCO 份额。</translation>
    </message>
    <message>
        <source>fastest with failures</source>
        <translation>含故障最快</translation>
    </message>
    <message>
        <source>fastest without failures</source>
        <translation>无故障最快</translation>
    </message>
    <message>
        <source>lowest cost of the run</source>
        <translation>单次训练成本最低</translation>
    </message>
    <message>
        <source>lowest TCO</source>
        <translation>TCO 最低</translation>
    </message>
    <message>
        <source>lowest PUE</source>
        <translation>PUE 最低</translation>
    </message>
    <message>
        <source>%1: %2 (%3 %4)</source>
        <translation>%1：%2（%3 %4）</translation>
    </message>
    <message>
        <source>All figures</source>
        <translation>全部指标</translation>
    </message>
    <message>
        <source>Design %1</source>
        <translation>设计 %1</translation>
    </message>
    <message>
        <source>Shared by %n scenario(s): %1.</source>
        <translation>%n 个方案共用：%1。</translation>
    </message>
    <message>
        <source>Used by %1.</source>
        <translation>使用方案：%1。</translation>
    </message>
    <message>
        <source>%n rack(s) in all; one rack of each kind is drawn (front), with the number of racks built the same way.</source>
        <translation>共 %n 个机柜；每种机柜绘制一个（正面），并标注相同配置的机柜数量。</translation>
    </message>
    <message>
        <source>The first %1 of %2 kinds are shown.</source>
        <translation>显示 %2 种中的前 %1 种。</translation>
    </message>
    <message>
        <source>%1 (×%2)</source>
        <translation>%1（×%2）</translation>
    </message>
    <message>
        <source>Link loads of scenario %1.</source>
        <translation>链路负载取自方案 %1。</translation>
    </message>
    <message>
        <source>Workload: %1</source>
        <translation>工作负载：%1</translation>
    </message>
    <message>
        <source>Not scheduled: %1</source>
        <translation>未调度：%1</translation>
    </message>
    <message>
        <source>GPU utilisation over time</source>
        <translation>GPU 利用率随时间变化</translation>
    </message>
    <message>
        <source>Computing</source>
        <translation>计算中</translation>
    </message>
    <message>
        <source>Allocated</source>
        <translation>已分配</translation>
    </message>
    <message>
        <source>Time (h)</source>
        <translation>时间（小时）</translation>
    </message>
    <message>
        <source>Share of GPUs (%)</source>
        <translation>GPU 占比（%）</translation>
    </message>
    <message>
        <source>Idle GPU-hours by cause.</source>
        <translation>按原因划分的空闲 GPU·小时。</translation>
    </message>
    <message>
        <source>Policy</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>Utilisation</source>
        <translation>利用率</translation>
    </message>
    <message>
        <source>Wait p50 (h)</source>
        <translation>等待 p50（小时）</translation>
    </message>
    <message>
        <source>Wait p95 (h)</source>
        <translation>等待 p95（小时）</translation>
    </message>
    <message>
        <source>JCT p50 (h)</source>
        <translation>完成时间 p50（小时）</translation>
    </message>
    <message>
        <source>JCT p95 (h)</source>
        <translation>完成时间 p95（小时）</translation>
    </message>
    <message>
        <source>Goodput</source>
        <translation>有效产出率</translation>
    </message>
    <message>
        <source>Preemptions</source>
        <translation>抢占次数</translation>
    </message>
    <message>
        <source>Unfinished</source>
        <translation>未完成</translation>
    </message>
    <message>
        <source>Seed 1, packed placement; the four policies run the same jobs. Run times come from each class&apos;s duration or from the performance model for the placement a job gets; failures from the reliability model&apos;s rates; links shared between jobs are not modelled (docs/workload-format.md).</source>
        <translation>随机种子 1，紧凑放置；四种策略运行相同的作业。运行时长来自各类别给定的时长，或由性能模型按作业获得的放置计算；故障来自可靠性模型的故障率；作业间共享链路的争用未建模（见 docs/workload-format.md）。</translation>
    </message>
    <message>
        <source>Lever waterfall: %1</source>
        <translation>优化杠杆瀑布图：%1</translation>
    </message>
    <message>
        <source>Not run: %1</source>
        <translation>未运行：%1</translation>
    </message>
    <message>
        <source>Time to train, step by step</source>
        <translation>逐步训练时间</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <source>Δ days</source>
        <translation>训练天数变化</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>Shapley share</source>
        <translation>Shapley 占比</translation>
    </message>
    <message>
        <source>Total: %1 → %2 days (%3).</source>
        <translation>合计：%1 → %2 天（%3）。</translation>
    </message>
    <message>
        <source>ClusterForge design report</source>
        <translation>ClusterForge 设计报告</translation>
    </message>
    <message>
        <source>Scenarios: %1</source>
        <translation>方案数：%1</translation>
    </message>
    <message>
        <source>Generated %1 by ClusterForge %2</source>
        <translation>由 ClusterForge %2 生成于 %1</translation>
    </message>
    <message>
        <source>Design summary</source>
        <translation>设计概要</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>Accelerators</source>
        <translation>加速卡</translation>
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
        <source>Cooling</source>
        <translation>冷却</translation>
    </message>
    <message>
        <source>Model and parallelism</source>
        <translation>模型与并行</translation>
    </message>
    <message>
        <source>%1 × %2 (%3 nodes)</source>
        <translation>%1 × %2（%3 个节点）</translation>
    </message>
    <message>
        <source>%1, domain %2</source>
        <translation>%1，域大小 %2</translation>
    </message>
    <message>
        <source>%1, %2 tier(s), %3 × %4 Gb/s</source>
        <translation>%1，%2 层，%3 × %4 Gb/s</translation>
    </message>
    <message>
        <source>%1 layers, hidden %2; TP %3 × PP %4, micro-batch %5, %6 B tokens</source>
        <translation>%1 层，隐藏维度 %2；TP %3 × PP %4，微批次 %5，%6 B Token</translation>
    </message>
    <message>
        <source>Scenario comparison</source>
        <translation>方案对比</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>The best value of each row is highlighted.</source>
        <translation>每行的最优值已高亮。</translation>
    </message>
    <message>
        <source>Results: %1</source>
        <translation>结果：%1</translation>
    </message>
    <message>
        <source>Not simulated.</source>
        <translation>未仿真。</translation>
    </message>
    <message>
        <source>Bottleneck:</source>
        <translation>瓶颈：</translation>
    </message>
    <message>
        <source>Bill of materials and CAPEX</source>
        <translation>物料清单（BOM）与资本支出</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Part</source>
        <translation>部件</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>数量</translation>
    </message>
    <message>
        <source>Unit price (USD)</source>
        <translation>单价（美元）</translation>
    </message>
    <message>
        <source>Total (USD)</source>
        <translation>合计（美元）</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>合计</translation>
    </message>
    <message>
        <source>Assumptions</source>
        <translation>假设</translation>
    </message>
    <message>
        <source>Performance: analytical model — roofline compute with per-accelerator achievable efficiency, ring/tree/hierarchical collectives placed on the fabric, pipeline bubble, ZeRO and recomputation memory.</source>
        <translation>性能：解析模型——按各加速卡可达效率的 Roofline 计算、映射到网络上的环形/树形/分层集合通信、流水线气泡、ZeRO 与激活重计算显存。</translation>
    </message>
    <message>
        <source>Reliability: Monte Carlo over failure classes with catalog failure rates, checkpoint/restart recovery, Young/Daly and numerical optimum checkpoint intervals.</source>
        <translation>可靠性：按故障类别与目录故障率进行蒙特卡洛模拟，检查点/重启恢复，Young/Daly 与数值最优检查点间隔。</translation>
    </message>
    <message>
        <source>Energy: IT power by component and utilisation; PUE by month from the cooling system and climate profile.</source>
        <translation>能耗：按部件与利用率计算 IT 功率；按冷却系统与气候逐月计算 PUE。</translation>
    </message>
    <message>
        <source>Cost: CAPEX from the bill of materials, OPEX (electricity, support, plant, space), TCO over the amortisation period.</source>
        <translation>成本：由物料清单计算 CAPEX，OPEX（电费、维保、设施、场地），按折旧年限计算 TCO。</translation>
    </message>
    <message>
        <source>%1: %2 Monte Carlo trials, seed %3, backend %4; checkpoint interval %5 min</source>
        <translation>%1：蒙特卡洛 %2 次试验，种子 %3，后端 %4；检查点间隔 %5 分钟</translation>
    </message>
    <message>
        <source>Model and catalog versions</source>
        <translation>模型与目录版本</translation>
    </message>
    <message>
        <source>Simulation engine and models: ClusterForge %1 (performance, reliability, energy and cost models; docs/models.md).</source>
        <translation>仿真引擎与模型：ClusterForge %1（性能、可靠性、能耗与成本模型；docs/models.md）。</translation>
    </message>
    <message>
        <source>Part catalog: built-in catalog of ClusterForge %1, with %2 custom parts in this project.</source>
        <translation>部件目录：ClusterForge %1 内置目录，本项目含 %2 个自定义部件。</translation>
    </message>
    <message>
        <source>Rack elevations: %1</source>
        <translation>机柜立面图：%1</translation>
    </message>
    <message>
        <source>Front view of %1 of the %2 racks in this row.</source>
        <translation>本机柜列 %2 个机柜中 %1 个的正视图。</translation>
    </message>
    <message>
        <source>The scenario has no layout: this is the layout the generator proposes.</source>
        <translation>该方案尚无布局：此处为布局生成器建议的布局。</translation>
    </message>
    <message>
        <source>Rack elevations</source>
        <translation>机柜立面图</translation>
    </message>
    <message>
        <source>No rack elevations: %1</source>
        <translation>无机柜立面图：%1</translation>
    </message>
    <message>
        <source>Fabric</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>%1: %2 GPUs, %3 devices, %4 links; tiers from GPUs (bottom) to the top switches.</source>
        <translation>%1：%2 卡，%3 台设备，%4 条链路；各层自下而上从 GPU 到顶层交换机。</translation>
    </message>
    <message>
        <source>Colours: %1, green = idle, red = the busiest.</source>
        <translation>颜色：%1，绿色 = 空闲，红色 = 最繁忙。</translation>
    </message>
    <message>
        <source>No fabric picture: %1</source>
        <translation>无网络拓扑图：%1</translation>
    </message>
    <message>
        <source>switch and optic counts from the fabric graph</source>
        <translation>交换机与光模块数量取自网络拓扑图</translation>
    </message>
    <message>
        <source>no transceiver in the catalog: optic AFR 0.02 assumed</source>
        <translation>部件目录中没有光模块：假定光模块年故障率 0.02</translation>
    </message>
    <message>
        <source>NIC not in the catalog: NIC AFR 0.003 assumed</source>
        <translation>部件目录中没有该网卡：假定网卡年故障率 0.003</translation>
    </message>
    <message>
        <source>no checkpoint tier bandwidth: assumed %1 GB/s per node (one local SSD)</source>
        <translation>检查点存储层无带宽数据：假定每节点 %1 GB/s（一块本地 SSD）</translation>
    </message>
    <message>
        <source>%1: %2 GPUs, %3 devices, %4 links.</source>
        <translation>%1：%2 卡，%3 台设备，%4 条链路。</translation>
    </message>
</context>
<context>
    <name>ReportWriter</name>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>ClusterForge report: %1</source>
        <translation>ClusterForge 报告：%1</translation>
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
</context>
<context>
    <name>ResultCharts</name>
    <message>
        <source>Activation offload</source>
        <translation>激活卸载</translation>
    </message>
    <message>
        <source>data loading</source>
        <translation>数据加载</translation>
    </message>
    <message>
        <source>Accelerators</source>
        <translation>加速卡</translation>
    </message>
    <message>
        <source>Hosts (CPU, memory, fans)</source>
        <translation>主机（CPU、内存、风扇）</translation>
    </message>
    <message>
        <source>NICs</source>
        <translation>网卡</translation>
    </message>
    <message>
        <source>Switches</source>
        <translation>交换机</translation>
    </message>
    <message>
        <source>Transceivers</source>
        <translation>光模块</translation>
    </message>
    <message>
        <source>Fibre</source>
        <translation>光纤</translation>
    </message>
    <message>
        <source>Cables</source>
        <translation>线缆</translation>
    </message>
    <message>
        <source>Rack equipment</source>
        <translation>机柜设备</translation>
    </message>
    <message>
        <source>Node systems</source>
        <translation>节点整机</translation>
    </message>
    <message>
        <source>Scale-out NICs</source>
        <translation>横向扩展网卡</translation>
    </message>
    <message>
        <source>Network switches</source>
        <translation>网络交换机</translation>
    </message>
    <message>
        <source>Network cables</source>
        <translation>网络线缆</translation>
    </message>
    <message>
        <source>Network fibre</source>
        <translation>网络光纤</translation>
    </message>
    <message>
        <source>Network transceivers</source>
        <translation>网络光模块</translation>
    </message>
    <message>
        <source>Network racks</source>
        <translation>网络机柜</translation>
    </message>
    <message>
        <source>Racks</source>
        <translation>机柜</translation>
    </message>
    <message>
        <source>Power plant</source>
        <translation>供配电设施</translation>
    </message>
    <message>
        <source>Cooling plant</source>
        <translation>制冷设施</translation>
    </message>
    <message>
        <source>Storage (%1)</source>
        <translation>存储（%1）</translation>
    </message>
    <message>
        <source>Jan</source>
        <translation>1月</translation>
    </message>
    <message>
        <source>Feb</source>
        <translation>2月</translation>
    </message>
    <message>
        <source>Mar</source>
        <translation>3月</translation>
    </message>
    <message>
        <source>Apr</source>
        <translation>4月</translation>
    </message>
    <message>
        <source>May</source>
        <translation>5月</translation>
    </message>
    <message>
        <source>Jun</source>
        <translation>6月</translation>
    </message>
    <message>
        <source>Jul</source>
        <translation>7月</translation>
    </message>
    <message>
        <source>Aug</source>
        <translation>8月</translation>
    </message>
    <message>
        <source>Sep</source>
        <translation>9月</translation>
    </message>
    <message>
        <source>Oct</source>
        <translation>10月</translation>
    </message>
    <message>
        <source>Nov</source>
        <translation>11月</translation>
    </message>
    <message>
        <source>Dec</source>
        <translation>12月</translation>
    </message>
    <message>
        <source>years</source>
        <translation>年</translation>
    </message>
    <message>
        <source>Step time breakdown</source>
        <translation>步时间分解</translation>
    </message>
    <message>
        <source>Memory per GPU against HBM capacity</source>
        <translation>每卡显存与 HBM 容量</translation>
    </message>
    <message numerus="yes">
        <source>Other (%n causes)</source>
        <translation>
            <numerusform>其他（%n 个原因）</numerusform>
        </translation>
    </message>
    <message>
        <source>Interruptions by cause (mean per run)</source>
        <translation>按原因统计的中断（每次训练均值）</translation>
    </message>
    <message>
        <source>Time to train with failures</source>
        <translation>含故障的训练时长</translation>
    </message>
    <message>
        <source>One sampled run: failures over time</source>
        <translation>一次抽样运行：故障时间线</translation>
    </message>
    <message>
        <source>Power by component</source>
        <translation>按部件的功率</translation>
    </message>
    <message>
        <source>PUE by month</source>
        <translation>逐月 PUE</translation>
    </message>
    <message>
        <source>CAPEX breakdown</source>
        <translation>CAPEX 构成</translation>
    </message>
    <message>
        <source>TCO over the years: on-premises vs cloud</source>
        <translation>逐年 TCO：自建与云</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>TP communication</source>
        <translation>TP 通信</translation>
    </message>
    <message>
        <source>PP communication</source>
        <translation>PP 通信</translation>
    </message>
    <message>
        <source>DP communication</source>
        <translation>DP 通信</translation>
    </message>
    <message>
        <source>EP communication</source>
        <translation>EP 通信</translation>
    </message>
    <message>
        <source>CP communication</source>
        <translation>CP 通信</translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>Data loading</source>
        <translation>数据加载</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活</translation>
    </message>
    <message>
        <source>Temporary buffers</source>
        <translation>临时缓冲区</translation>
    </message>
    <message>
        <source>Fragmentation</source>
        <translation>碎片</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>the scale-up network</source>
        <translation>纵向扩展网络</translation>
    </message>
    <message>
        <source>the scale-out network</source>
        <translation>横向扩展网络</translation>
    </message>
    <message>
        <source>storage</source>
        <translation>存储</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>HBM</source>
        <translation>HBM</translation>
    </message>
    <message>
        <source>NIC</source>
        <translation>网卡</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>PSU</source>
        <translation>电源</translation>
    </message>
    <message>
        <source>Software</source>
        <translation>软件</translation>
    </message>
    <message>
        <source>Switch</source>
        <translation>交换机</translation>
    </message>
    <message>
        <source>Leaf switch</source>
        <translation>Leaf 交换机</translation>
    </message>
    <message>
        <source>Spine switch</source>
        <translation>Spine 交换机</translation>
    </message>
    <message>
        <source>Optical module</source>
        <translation>光模块</translation>
    </message>
    <message>
        <source>Optical module (access)</source>
        <translation>光模块（接入）</translation>
    </message>
    <message>
        <source>Optical module (fabric)</source>
        <translation>光模块（网络）</translation>
    </message>
    <message>
        <source>Storage</source>
        <translation>存储</translation>
    </message>
    <message>
        <source>Cooling</source>
        <translation>冷却</translation>
    </message>
    <message>
        <source>Power-chain losses</source>
        <translation>供电链路损耗</translation>
    </message>
    <message>
        <source>The step is limited by %1 (%2); %3 % of the step is not compute.</source>
        <translation>训练步受限于%1（%2）；步时间中 %3 % 不是计算。</translation>
    </message>
    <message>
        <source>Not simulated yet.</source>
        <translation>尚未仿真。</translation>
    </message>
    <message>
        <source>The engine computes no result for this chart here.</source>
        <translation>引擎未为此图表计算结果。</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>Free HBM</source>
        <translation>空闲 HBM</translation>
    </message>
    <message>
        <source>of %1 GiB</source>
        <translation>共 %1 GiB</translation>
    </message>
    <message>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <source>No interruptions.</source>
        <translation>无中断。</translation>
    </message>
    <message>
        <source>Interruptions</source>
        <translation>中断</translation>
    </message>
    <message>
        <source>per run</source>
        <translation>每次训练</translation>
    </message>
    <message>
        <source>failure-free</source>
        <translation>无故障</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>均值</translation>
    </message>
    <message>
        <source>p95</source>
        <translation>p95</translation>
    </message>
    <message>
        <source>Days</source>
        <translation>天</translation>
    </message>
    <message>
        <source>days</source>
        <translation>天</translation>
    </message>
    <message>
        <source>No failures in the sampled run.</source>
        <translation>抽样运行中无故障。</translation>
    </message>
    <message>
        <source>days since start</source>
        <translation>自开始起的天数</translation>
    </message>
    <message>
        <source>Power</source>
        <translation>功率</translation>
    </message>
    <message>
        <source>kW</source>
        <translation>kW</translation>
    </message>
    <message>
        <source>PUE</source>
        <translation>PUE</translation>
    </message>
    <message>
        <source>CAPEX</source>
        <translation>资本支出（CAPEX）</translation>
    </message>
    <message>
        <source>million USD</source>
        <translation>百万美元</translation>
    </message>
    <message>
        <source>On-premises (CAPEX + OPEX)</source>
        <translation>自建（CAPEX + OPEX）</translation>
    </message>
    <message>
        <source>Cloud at the same use</source>
        <translation>同等用量的云</translation>
    </message>
    <message>
        <source>Network operations (switch software, cabling)</source>
        <translation>网络运维（交换机软件、布线）</translation>
    </message>
    <message>
        <source>GPU SRAM</source>
        <translation>GPU SRAM</translation>
    </message>
    <message>
        <source>Silent data corruption</source>
        <translation>静默数据损坏（SDC）</translation>
    </message>
    <message>
        <source>SSD</source>
        <translation>SSD</translation>
    </message>
    <message>
        <source>Cable</source>
        <translation>线缆</translation>
    </message>
    <message>
        <source>Cable (access)</source>
        <translation>线缆（接入）</translation>
    </message>
</context>
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
    <message>
        <source>Autosaving</source>
        <translation>正在自动保存</translation>
    </message>
</context>
<context>
    <name>cf::BackendText</name>
    <message>
        <source>%1 CPU threads</source>
        <translation>%1 个 CPU 线程</translation>
    </message>
    <message>
        <source>a CUDA GPU answered</source>
        <translation>CUDA GPU 已响应</translation>
    </message>
    <message>
        <source>forced by CLUSTERFORGE_BACKEND=cpu</source>
        <translation>由 CLUSTERFORGE_BACKEND=cpu 强制指定</translation>
    </message>
    <message>
        <source>built without the CUDA toolkit</source>
        <translation>构建时未包含 CUDA 工具包</translation>
    </message>
    <message>
        <source>CUDA not used: %1</source>
        <translation>未使用 CUDA：%1</translation>
    </message>
    <message>
        <source>no CUDA driver, or one older than this build&apos;s CUDA runtime</source>
        <translation>未安装 CUDA 驱动，或其版本低于本程序构建所用的 CUDA 运行时</translation>
    </message>
    <message>
        <source>no CUDA device found</source>
        <translation>未找到 CUDA 设备</translation>
    </message>
    <message>
        <source>%1 is older than sm_80</source>
        <translation>%1 早于 sm_80 架构</translation>
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
    <name>cf::ChartView</name>
    <message>
        <source>Baseline and final</source>
        <translation>基线与最终</translation>
    </message>
    <message>
        <source>Better</source>
        <translation>改善</translation>
    </message>
    <message>
        <source>Worse</source>
        <translation>变差</translation>
    </message>
    <message>
        <source>%1 (axis from %2)</source>
        <translation>%1（坐标轴从 %2 起）</translation>
    </message>
    <message>
        <source>Designs</source>
        <translation>设计方案</translation>
    </message>
    <message>
        <source>Pareto front</source>
        <translation>帕累托前沿</translation>
    </message>
    <message>
        <source>Selected</source>
        <translation>已选</translation>
    </message>
    <message>
        <source>Export image…</source>
        <translation>导出图像…</translation>
    </message>
    <message>
        <source>Export image</source>
        <translation>导出图像</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG 图像 (*.png);;SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>基线</translation>
    </message>
</context>
<context>
    <name>cf::ClusterWizard</name>
    <message>
        <source>Cooling: %1 (from rack density: direct liquid when a node draws more than an air-cooled rack removes).</source>
        <translation>冷却：%1（按机柜功率密度选择：单个节点的功耗超过风冷机柜的散热能力时采用直接液冷）。</translation>
    </message>
    <message>
        <source>File system: %1 PB, %2 GB/s read (per GPU as Meta&apos;s Llama 3 cluster: 14.6 TB and 0.43 GB/s).</source>
        <translation>文件系统：%1 PB，读带宽 %2 GB/s（按 Meta Llama 3 集群的每卡配比：14.6 TB、0.43 GB/s）。</translation>
    </message>
    <message>
        <source>Automatic (sized to the GPUs)</source>
        <translation>自动（按 GPU 数量配置）</translation>
    </message>
    <message>
        <source>Automatic (from rack density)</source>
        <translation>自动（按机柜功率密度）</translation>
    </message>
    <message>
        <source>&lt;b&gt;What would fit&lt;/b&gt; (click to apply):</source>
        <translation>&lt;b&gt;可行的改法&lt;/b&gt;（点击即应用）：</translation>
    </message>
    <message>
        <source>Automatic (catalog default for the NICs)</source>
        <translation>自动（按网卡速率取目录默认型号）</translation>
    </message>
    <message>
        <source>%1 (%2 × %3G)</source>
        <translation>%1（%2 × %3G）</translation>
    </message>
    <message>
        <source>Scale-out switch:</source>
        <translation>横向扩展交换机：</translation>
    </message>
    <message>
        <source>NICs per node (0 = the node&apos;s):</source>
        <translation>每节点网卡数（0 = 节点默认）：</translation>
    </message>
    <message>
        <source>%1 (%2 GPUs, %3 U)</source>
        <translation>%1（%2 卡，%3 U）</translation>
    </message>
    <message>
        <source>Cannot build this cluster: %1</source>
        <translation>无法构建此集群：%1</translation>
    </message>
    <message>
        <source>Cluster Wizard</source>
        <translation>集群向导</translation>
    </message>
    <message>
        <source>Accelerators and fabric</source>
        <translation>加速卡与网络</translation>
    </message>
    <message>
        <source>Pick the accelerator, the node type, the number of GPUs and the network topology.</source>
        <translation>选择加速卡、节点类型、GPU 数量与网络拓扑。</translation>
    </message>
    <message>
        <source>Storage and facility</source>
        <translation>存储与设施</translation>
    </message>
    <message>
        <source>Choose the storage tiers and the cooling; racks are sized by their power budgets.</source>
        <translation>选择存储层级与冷却方式；机柜按功率预算确定规模。</translation>
    </message>
    <message>
        <source>Accelerator:</source>
        <translation>加速卡：</translation>
    </message>
    <message>
        <source>Node type:</source>
        <translation>节点类型：</translation>
    </message>
    <message>
        <source>GPUs:</source>
        <translation>GPU 数量：</translation>
    </message>
    <message>
        <source>Topology:</source>
        <translation>拓扑：</translation>
    </message>
    <message>
        <source>Tiers (0 = automatic):</source>
        <translation>层数（0 = 自动）：</translation>
    </message>
    <message>
        <source>Oversubscription:</source>
        <translation>收敛比：</translation>
    </message>
    <message>
        <source>File system capacity (PB):</source>
        <translation>文件系统容量（PB）：</translation>
    </message>
    <message>
        <source>File system read bandwidth (GB/s):</source>
        <translation>文件系统读带宽（GB/s）：</translation>
    </message>
    <message>
        <source>Cooling:</source>
        <translation>冷却：</translation>
    </message>
    <message>
        <source>Climate:</source>
        <translation>气候：</translation>
    </message>
    <message>
        <source>Racks per row:</source>
        <translation>每列机柜数：</translation>
    </message>
    <message>
        <source>Local NVMe in every node</source>
        <translation>每个节点配本地 NVMe</translation>
    </message>
    <message>
        <source>Parallel file system</source>
        <translation>并行文件系统</translation>
    </message>
    <message>
        <source>Object store</source>
        <translation>对象存储</translation>
    </message>
    <message>
        <source>Air</source>
        <translation>风冷</translation>
    </message>
    <message>
        <source>Rear-door heat exchanger</source>
        <translation>背门换热器</translation>
    </message>
    <message>
        <source>Direct liquid cooling</source>
        <translation>直接液冷</translation>
    </message>
    <message>
        <source>Immersion</source>
        <translation>浸没式液冷</translation>
    </message>
    <message>
        <source>%1 nodes (%2 GPUs) in %3 compute racks of %4 (%5 per rack, %6 kW), %7 network racks with %8 switches, %9 storage racks; %10 rows in %11. Fabric: %12, %13 tiers.</source>
        <translation>%1 个节点（%2 卡），位于 %3 个 %4 计算机柜（每柜 %5 个，%6 kW），%7 个网络机柜含 %8 台交换机，%9 个存储机柜；共 %10 个机柜列，分布于 %11。网络：%12，%13 层。</translation>
    </message>
    <message numerus="yes">
        <source>%n hall(s)</source>
        <translation>
            <numerusform>%n 个机房</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 leaf</source>
        <translation>%1 台 Leaf</translation>
    </message>
    <message>
        <source>%1 spine</source>
        <translation>%1 台 Spine</translation>
    </message>
    <message>
        <source>%1 core</source>
        <translation>%1 台核心交换机</translation>
    </message>
    <message>
        <source>%1 router</source>
        <translation>%1 台路由器</translation>
    </message>
    <message>
        <source>%1 torus routers in the nodes</source>
        <translation>%1 个环面路由器（位于节点内）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Network (from the fabric engine):&lt;/b&gt; %1 switches (%2) in %3 plane(s); %4 links (%5 NIC to switch, %6 between switches); cables: %7 DAC, %8 AEC, %9 AOC, %10 optical links with %11 transceivers (%12 optics, %13 m of fibre).</source>
        <translation>&lt;b&gt;网络（由组网引擎计算）：&lt;/b&gt;%1 台交换机（%2），分布于 %3 个网络平面；%4 条链路（网卡至交换机 %5 条，交换机之间 %6 条）；线缆：DAC %7 条，AEC %8 条，AOC %9 条，光链路 %10 条，配 %11 个光模块（光器件共 %12 个，光纤 %13 m）。</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>&lt; &amp;Back</source>
        <translation>&lt; 上一步(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Next &gt;</source>
        <translation>下一步(&amp;N) &gt;</translation>
    </message>
    <message>
        <source>&amp;Finish</source>
        <translation>完成(&amp;F)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Automatic (follows the cooling)</source>
        <translation>自动（随冷却方式选择）</translation>
    </message>
    <message>
        <source>%1 (%2 GPUs, %3 U, %4)</source>
        <translation>%1（%2 块 GPU，%3 U，%4）</translation>
    </message>
    <message>
        <source>liquid-cooled</source>
        <translation>液冷</translation>
    </message>
    <message>
        <source>air-cooled</source>
        <translation>风冷</translation>
    </message>
    <message>
        <source>Fat tree (folded Clos)</source>
        <translation>胖树（折叠 Clos）</translation>
    </message>
    <message>
        <source>Rail-optimised fat tree</source>
        <translation>轨道优化胖树（多轨）</translation>
    </message>
    <message>
        <source>Spine and leaf</source>
        <translation>Spine-Leaf（叶脊）</translation>
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
        <source>The catalog has no liquid-cooled node for %1: the air-cooled %2 stays in air-cooled racks.</source>
        <translation>部件目录中没有适用于 %1 的液冷节点：风冷的 %2 仍放在风冷机柜中。</translation>
    </message>
    <message>
        <source>The catalog has no air-cooled node for %1: the liquid-cooled %2 needs liquid-cooled racks.</source>
        <translation>部件目录中没有适用于 %1 的风冷节点：液冷的 %2 需要液冷机柜。</translation>
    </message>
    <message>
        <source>After Finish, the parallelism search runs in the background and applies the best configuration.</source>
        <translation>点击“完成”后，并行策略搜索在后台运行，并应用最佳配置。</translation>
    </message>
    <message>
        <source>The node&apos;s NIC</source>
        <translation>节点自带网卡</translation>
    </message>
    <message>
        <source>%1 Gb/s</source>
        <translation>%1 Gb/s</translation>
    </message>
    <message>
        <source>Accelerators</source>
        <translation>加速卡</translation>
    </message>
    <message>
        <source>Pick the accelerator, the node type and the number of GPUs.</source>
        <translation>选择加速卡、节点类型和 GPU 数量。</translation>
    </message>
    <message>
        <source>Fabric</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>Choose the scale-out network: topology, switch, NIC speed and planes.</source>
        <translation>选择横向扩展网络：拓扑、交换机、网卡速率和平面数。</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>训练任务</translation>
    </message>
    <message>
        <source>Name the scenario and choose the model to train and how to split it.</source>
        <translation>为方案命名，并选择要训练的模型及其切分方式。</translation>
    </message>
    <message>
        <source>Tiers:</source>
        <translation>层数：</translation>
    </message>
    <message>
        <source>NIC speed:</source>
        <translation>网卡速率：</translation>
    </message>
    <message>
        <source>Planes:</source>
        <translation>平面数：</translation>
    </message>
    <message>
        <source>Scenario name:</source>
        <translation>方案名称：</translation>
    </message>
    <message>
        <source>Model preset:</source>
        <translation>模型预设：</translation>
    </message>
    <message>
        <source>Parallelism:</source>
        <translation>并行策略：</translation>
    </message>
    <message>
        <source>Tensor parallel (TP):</source>
        <translation>张量并行（TP）：</translation>
    </message>
    <message>
        <source>Pipeline parallel (PP):</source>
        <translation>流水线并行（PP）：</translation>
    </message>
    <message>
        <source>Automatic (the fewest that connect every NIC)</source>
        <translation>自动（连接所有网卡所需的最少层数）</translation>
    </message>
    <message>
        <source>Tensor parallel in the node, data parallel over the rest</source>
        <translation>节点内张量并行，其余数据并行</translation>
    </message>
    <message>
        <source>Set by hand</source>
        <translation>手动设置</translation>
    </message>
    <message>
        <source>Find best (parallelism search after Finish)</source>
        <translation>寻找最佳（完成后进行并行策略搜索）</translation>
    </message>
    <message>
        <source>Generated from the design</source>
        <translation>根据设计自动生成</translation>
    </message>
    <message>
        <source>NICs per node:</source>
        <translation>每节点网卡数：</translation>
    </message>
    <message>
        <source>The node&apos;s</source>
        <translation>节点自带</translation>
    </message>
    <message>
        <source>%1-tier fabric, %2 switches</source>
        <translation>%1 层网络，%2 台交换机</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>Ports per switch:</source>
        <translation>每台交换机端口数：</translation>
    </message>
    <message>
        <source>The switch&apos;s</source>
        <translation>按交换机自身</translation>
    </message>
    <message>
        <source>Ports per switch at the link speed: a switch&apos;s ports split in two or four (breakout) give twice or four times as many ports at half or a quarter of the speed.</source>
        <translation>按链路速率计的每台交换机端口数：交换机端口一分二或一分四（拆分）后，端口数变为两倍或四倍，速率为一半或四分之一。</translation>
    </message>
    <message>
        <source>%1 switches</source>
        <translation>%1 台交换机</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1%2</translation>
    </message>
    <message>
        <source>Largest hall: %1 m × %2 m with its aisles.</source>
        <translation>最大机房（含通道）：%1 m × %2 m。</translation>
    </message>
</context>
<context>
    <name>cf::ComparisonView</name>
    <message>
        <source>p5–p95: %1</source>
        <translation>p5–p95：%1</translation>
    </message>
    <message>
        <source>Chance best (%1)</source>
        <translation>最优概率（%1）</translation>
    </message>
    <message>
        <source>not computed</source>
        <translation>未计算</translation>
    </message>
    <message>
        <source>Under uncertainty, on %1: %2</source>
        <translation>考虑不确定性，按%1：%2</translation>
    </message>
    <message>
        <source>Only rows that differ</source>
        <translation>仅显示有差异的行</translation>
    </message>
    <message>
        <source>Hide the metrics that are the same in every scenario</source>
        <translation>隐藏各方案相同的指标</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>(baseline)</source>
        <translation>（基线）</translation>
    </message>
    <message>
        <source>Better than the baseline</source>
        <translation>优于基线</translation>
    </message>
    <message>
        <source>Worse than the baseline</source>
        <translation>劣于基线</translation>
    </message>
    <message>
        <source>Best value; %1</source>
        <translation>最佳值；%1</translation>
    </message>
    <message>
        <source>Inputs that differ (%1)</source>
        <translation>不同的输入（%1）</translation>
    </message>
    <message>
        <source>Baseline:</source>
        <translation>基准：</translation>
    </message>
    <message>
        <source>Showing the first %1 of %2 scenarios.</source>
        <translation>显示 %2 个方案中的前 %1 个。</translation>
    </message>
    <message>
        <source>Add a scenario to compare designs side by side.</source>
        <translation>添加方案以并排对比设计。</translation>
    </message>
    <message>
        <source>%1 (baseline)</source>
        <translation>%1（基准）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>running…</source>
        <translation>运行中…</translation>
    </message>
    <message>
        <source>Best value</source>
        <translation>最优值</translation>
    </message>
    <message>
        <source>Step time breakdown by scenario</source>
        <translation>各方案步时间分解</translation>
    </message>
    <message>
        <source>Not simulated yet.</source>
        <translation>尚未仿真。</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>TCO against time to train</source>
        <translation>TCO 与训练时长</translation>
    </message>
    <message>
        <source>time to train, mean (days)</source>
        <translation>训练时长均值（天）</translation>
    </message>
    <message>
        <source>TCO (million USD)</source>
        <translation>TCO（百万美元）</translation>
    </message>
    <message>
        <source>Scheduling policies (%1)</source>
        <translation>调度策略（%1）</translation>
    </message>
</context>
<context>
    <name>cf::DashboardPage</name>
    <message>
        <source>Step time (flow simulation)</source>
        <translation>步时（流级仿真）</translation>
    </message>
    <message>
        <source>Flow-level network simulation: a step takes %1 s against %2 s in the analytical model (%3 %); time to train, reliability, energy and cost use the flow step.</source>
        <translation>流级网络仿真：每步 %1 秒，解析模型为 %2 秒（%3 %）；训练时长、可靠性、能耗与成本均采用流级步时。</translation>
    </message>
    <message>
        <source>Slowest collective: %1, %2 s over %3 instances.</source>
        <translation>最慢的集合通信：%1，%3 次共 %2 秒。</translation>
    </message>
    <message>
        <source>Busiest scale-out link: %1, %2 % mean utilisation, saturated %3 % of the step.</source>
        <translation>最繁忙的横向扩展链路：%1，平均利用率 %2 %，步内饱和时间占 %3 %。</translation>
    </message>
    <message>
        <source>never (renting is cheaper)</source>
        <translation>永不（租用更便宜）</translation>
    </message>
    <message>
        <source>%1 / %2 / %3 days</source>
        <translation>%1 / %2 / %3 天</translation>
    </message>
    <message>
        <source>Time to train (mean / p50 / p95)</source>
        <translation>训练时长（均值 / p50 / p95）</translation>
    </message>
    <message>
        <source>p95 is well above p50: failures arrive at random, so one run in twenty takes this long or longer.</source>
        <translation>p95 明显高于 p50：故障随机发生，因此每二十次运行中就有一次需要这么长或更长的时间。</translation>
    </message>
    <message>
        <source>The mean is above p95: a few runs out of a hundred lose far more time than the rest (long waits for spare nodes, failures in a row), and they pull the mean up while p50 and p95 show the typical run.</source>
        <translation>均值高于 p95：每一百次运行中有少数几次损失的时间远多于其他运行（长时间等待备用节点、连续故障），它们拉高了均值，而 p50 和 p95 反映的是典型运行。</translation>
    </message>
    <message>
        <source>No scenario</source>
        <translation>无方案</translation>
    </message>
    <message>
        <source>Dashboard: %1</source>
        <translation>仪表板：%1</translation>
    </message>
    <message>
        <source>Simulating…</source>
        <translation>仿真中…</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>步时间</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>Token/秒</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>每卡显存</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>Time to train (mean / p95)</source>
        <translation>训练时长（均值 / p95）</translation>
    </message>
    <message>
        <source>%1 / %2 days</source>
        <translation>%1 / %2 天</translation>
    </message>
    <message>
        <source>Goodput (ETTR)</source>
        <translation>有效训练时间占比（ETTR）</translation>
    </message>
    <message>
        <source>Cluster MTBF</source>
        <translation>集群平均故障间隔时间（MTBF）</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <source>Facility power / PUE</source>
        <translation>设施功率 / PUE</translation>
    </message>
    <message>
        <source>%1 kW / %2</source>
        <translation>%1 kW / %2</translation>
    </message>
    <message>
        <source>CAPEX / TCO</source>
        <translation>CAPEX / TCO</translation>
    </message>
    <message>
        <source>%1 / %2 M USD</source>
        <translation>%1 / %2 百万美元</translation>
    </message>
    <message>
        <source>Cloud break-even</source>
        <translation>云盈亏平衡</translation>
    </message>
    <message>
        <source>%1 % utilisation</source>
        <translation>利用率 %1 %</translation>
    </message>
    <message>
        <source>Not simulated yet.</source>
        <translation>尚未仿真。</translation>
    </message>
    <message>
        <source>%1 / %2 / %3 min</source>
        <translation>%1 / %2 / %3 分钟</translation>
    </message>
    <message>
        <source>%1 / %2 / %3 h</source>
        <translation>%1 / %2 / %3 小时</translation>
    </message>
</context>
<context>
    <name>cf::DesignEditors</name>
    <message>
        <source>The cluster wizard&apos;s design was not added: another project was opened meanwhile.</source>
        <translation>集群向导的设计未添加：其间已打开另一个项目。</translation>
    </message>
    <message>
        <source>Hall</source>
        <translation>机房</translation>
    </message>
    <message>
        <source>Racks</source>
        <translation>机柜</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>训练任务</translation>
    </message>
    <message>
        <source>Fabric</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>Storage</source>
        <translation>存储</translation>
    </message>
    <message>
        <source>Cluster &amp;Wizard…</source>
        <translation>集群向导(&amp;W)…</translation>
    </message>
    <message>
        <source>Generate a cluster, its storage, facility and rack layout from a few choices</source>
        <translation>通过几个选项生成集群及其存储、设施与机柜布局</translation>
    </message>
    <message>
        <source>Building the cluster</source>
        <translation>正在构建集群</translation>
    </message>
    <message>
        <source>Cannot build the cluster: %1</source>
        <translation>无法构建集群：%1</translation>
    </message>
</context>
<context>
    <name>cf::Document</name>
    <message>
        <source>Opening %1</source>
        <translation>正在打开 %1</translation>
    </message>
    <message>
        <source>A waterfall holds at most %1 steps</source>
        <translation>一个瀑布图最多包含 %1 个步骤</translation>
    </message>
    <message>
        <source>Add Waterfall</source>
        <translation>添加瀑布图</translation>
    </message>
    <message>
        <source>Import Waterfall</source>
        <translation>导入瀑布图</translation>
    </message>
    <message>
        <source>%1 is not a valid waterfall: %2</source>
        <translation>%1 不是有效的瀑布图：%2</translation>
    </message>
    <message>
        <source>Rename Waterfall</source>
        <translation>重命名瀑布图</translation>
    </message>
    <message>
        <source>Set Waterfall Base</source>
        <translation>设置瀑布图基线</translation>
    </message>
    <message>
        <source>Set Waterfall Order</source>
        <translation>设置瀑布图顺序</translation>
    </message>
    <message>
        <source>Add Waterfall Step</source>
        <translation>添加瀑布图步骤</translation>
    </message>
    <message>
        <source>Edit Waterfall Step</source>
        <translation>编辑瀑布图步骤</translation>
    </message>
    <message>
        <source>Remove Waterfall Step</source>
        <translation>删除瀑布图步骤</translation>
    </message>
    <message>
        <source>Move Waterfall Step</source>
        <translation>移动瀑布图步骤</translation>
    </message>
    <message>
        <source>%1 is damaged, but every scenario and part was read:
%2

Saving writes a repaired file.</source>
        <translation>%1 已损坏，但所有方案和部件均已读取：
%2

保存将写入修复后的文件。</translation>
    </message>
    <message>
        <source>%1 is damaged. These parts could not be read and are not in the opened project:
%2

The file was left untouched. Save the project under a new name to keep what was read.</source>
        <translation>%1 已损坏。以下部分无法读取，未包含在打开的项目中：
%2

原文件未被改动。请将项目另存为新名称，以保留已读取的内容。</translation>
    </message>
    <message>
        <source>%1 cannot be opened:
%2</source>
        <translation>无法打开 %1：
%2</translation>
    </message>
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
    <name>cf::FabricCanvas</name>
    <message>
        <source>Building the fabric</source>
        <translation>正在构建网络</translation>
    </message>
    <message>
        <source>Import…</source>
        <translation>导入…</translation>
    </message>
    <message>
        <source>Show a fabric from a Graphviz DOT file or a CSV cabling plan</source>
        <translation>从 Graphviz DOT 文件或 CSV 布线表导入并显示网络</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Save the fabric as Graphviz DOT or as a CSV cabling plan</source>
        <translation>将网络保存为 Graphviz DOT 或 CSV 布线表</translation>
    </message>
    <message>
        <source>There is no fabric to export yet.</source>
        <translation>尚无可导出的网络。</translation>
    </message>
    <message>
        <source>Graphviz DOT (*.dot *.gv);;Cabling plan CSV (*.csv)</source>
        <translation>Graphviz DOT (*.dot *.gv);;布线表 CSV (*.csv)</translation>
    </message>
    <message>
        <source>Import fabric</source>
        <translation>导入网络</translation>
    </message>
    <message>
        <source>Cannot import %1:
%2</source>
        <translation>无法导入 %1：
%2</translation>
    </message>
    <message>
        <source>Export fabric</source>
        <translation>导出网络</translation>
    </message>
    <message>
        <source>Cannot export %1:
%2</source>
        <translation>无法导出 %1：
%2</translation>
    </message>
    <message>
        <source>No fabric: %1</source>
        <translation>无网络：%1</translation>
    </message>
    <message>
        <source>%1: %2 GPUs, %3 devices, %4 links; scroll to zoom, drag to pan, click for properties.</source>
        <translation>%1：%2 卡，%3 台设备，%4 条链路；滚轮缩放，拖动平移，单击查看属性。</translation>
    </message>
    <message>
        <source>No path</source>
        <translation>无路径</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Path %1 → %2&lt;/h3&gt;&lt;p&gt;%3 hops&lt;/p&gt;</source>
        <translation>&lt;h3&gt;路径 %1 → %2&lt;/h3&gt;&lt;p&gt;%3 跳&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Tier</source>
        <translation>层</translation>
    </message>
    <message>
        <source>Plane</source>
        <translation>平面</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>组</translation>
    </message>
    <message>
        <source>Ports in use</source>
        <translation>已用端口</translation>
    </message>
    <message>
        <source>Rack</source>
        <translation>机柜</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Link %1&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;链路 %1&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>Ends</source>
        <translation>端点</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>容量</translation>
    </message>
    <message>
        <source>%1 Gb/s per direction</source>
        <translation>每方向 %1 Gb/s</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>长度</translation>
    </message>
    <message>
        <source>%1 m</source>
        <translation>%1 米</translation>
    </message>
    <message>
        <source>Medium</source>
        <translation>介质</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Path between GPUs:</source>
        <translation>GPU 间路径：</translation>
    </message>
    <message>
        <source>Show path</source>
        <translation>显示路径</translation>
    </message>
    <message>
        <source>Zoom to fit</source>
        <translation>缩放至适合</translation>
    </message>
    <message>
        <source>The fabric is built when this tab is shown.</source>
        <translation>显示此标签页时构建网络。</translation>
    </message>
    <message>
        <source>Imported</source>
        <translation>导入</translation>
    </message>
    <message>
        <source>Drawn as %1 layers of %2 × %3 nodes; dashed curves are the wrap-around links.</source>
        <translation>绘制为 %1 层，每层 %2 × %3 个节点；虚线曲线为环回链路。</translation>
    </message>
    <message>
        <source>Drawn as a grid of %1 × %2 nodes; dashed curves are the wrap-around links.</source>
        <translation>绘制为 %1 × %2 的节点网格；虚线曲线为环回链路。</translation>
    </message>
    <message>
        <source>%1 groups of %2 routers (%3 GPU ports and %4 global links per router), local links inside each group, global links between groups.</source>
        <translation>%1 个组，每组 %2 台路由器（每台路由器 %3 个 GPU 端口、%4 条全局链路），组内为本地链路，组间为全局链路。</translation>
    </message>
    <message>
        <source>%1 planes side by side.</source>
        <translation>%1 个平面并排显示。</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1%2</translation>
    </message>
</context>
<context>
    <name>cf::FabricLegend</name>
    <message>
        <source>≤ %1</source>
        <translation>≤ %1</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
</context>
<context>
    <name>cf::FabricView</name>
    <message>
        <source>GPUs, %1 rails side by side</source>
        <translation>GPU（%1 条轨道并排）</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Scale-up</source>
        <translation>纵向扩展</translation>
    </message>
    <message>
        <source>Leaves</source>
        <translation>Leaf 交换机</translation>
    </message>
    <message>
        <source>Spines</source>
        <translation>Spine 交换机</translation>
    </message>
    <message>
        <source>Cores</source>
        <translation>核心交换机</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Local link (inside a group)</source>
        <translation>本地链路（组内）</translation>
    </message>
    <message>
        <source>Global link (between groups)</source>
        <translation>全局链路（组间）</translation>
    </message>
    <message>
        <source>Link to a neighbour</source>
        <translation>邻居链路</translation>
    </message>
    <message>
        <source>Wrap-around link</source>
        <translation>环回链路</translation>
    </message>
    <message>
        <source>Link between layers</source>
        <translation>层间链路</translation>
    </message>
    <message>
        <source>Wrap-around link, last layer to first</source>
        <translation>环回链路（末层到首层）</translation>
    </message>
    <message>
        <source>GPU link to another plane</source>
        <translation>连到其他平面的 GPU 链路</translation>
    </message>
</context>
<context>
    <name>cf::FieldSpec</name>
    <message>
        <source>Modules recomputed</source>
        <translation>重计算的模块</translation>
    </message>
    <message>
        <source>FP8 activation cache</source>
        <translation>FP8 激活缓存</translation>
    </message>
    <message>
        <source>FP8 weight cache</source>
        <translation>FP8 权重缓存</translation>
    </message>
    <message>
        <source>BF16 first and last layers (FP8)</source>
        <translation>首尾 BF16 层数（FP8）</translation>
    </message>
    <message>
        <source>Optimizer moments precision</source>
        <translation>优化器动量精度</translation>
    </message>
    <message>
        <source>FP32 main gradients</source>
        <translation>FP32 主梯度</translation>
    </message>
    <message>
        <source>Cross-entropy logits</source>
        <translation>交叉熵 logits 存储方式</translation>
    </message>
    <message>
        <source>Selective recomputation keeps</source>
        <translation>选择性重计算保留</translation>
    </message>
    <message>
        <source>Pipeline stages keep their outputs</source>
        <translation>流水线阶段保留输出</translation>
    </message>
    <message>
        <source>Weight and gradient buffers</source>
        <translation>权重与梯度缓冲区</translation>
    </message>
    <message>
        <source>Training data kind</source>
        <translation>训练数据类型</translation>
    </message>
    <message>
        <source>Bytes per sample</source>
        <translation>每样本字节数</translation>
    </message>
    <message>
        <source>Compression ratio</source>
        <translation>压缩比</translation>
    </message>
    <message>
        <source>CPU time per sample</source>
        <translation>每样本 CPU 时间</translation>
    </message>
    <message>
        <source>Samples per read request</source>
        <translation>每次读请求的样本数</translation>
    </message>
    <message>
        <source>Data loader workers per GPU</source>
        <translation>每 GPU 数据加载进程数</translation>
    </message>
    <message>
        <source>Reads in flight per worker</source>
        <translation>每个加载进程的并发读请求</translation>
    </message>
    <message>
        <source>Prefetched batches</source>
        <translation>预取批次数</translation>
    </message>
    <message>
        <source>Host CPU cores per node</source>
        <translation>每节点主机 CPU 核数</translation>
    </message>
    <message>
        <source>Training data source tier</source>
        <translation>训练数据所在存储层</translation>
    </message>
    <message>
        <source>Dataset cache tier</source>
        <translation>数据集缓存层</translation>
    </message>
    <message>
        <source>Cache hit rate</source>
        <translation>缓存命中率</translation>
    </message>
    <message>
        <source>Failure recovery</source>
        <translation>故障恢复方式</translation>
    </message>
    <message>
        <source>How a job resumes after a failure (docs/models.md, recovery strategies)</source>
        <translation>作业在故障后如何恢复（docs/models.md，恢复策略）</translation>
    </message>
    <message>
        <source>Restart from the last checkpoint</source>
        <translation>从最近的检查点重启</translation>
    </message>
    <message>
        <source>In-memory checkpoint (hot backup)</source>
        <translation>内存检查点（热备份）</translation>
    </message>
    <message>
        <source>Process-level recovery</source>
        <translation>进程级恢复</translation>
    </message>
    <message>
        <source>Elastic (continue on fewer GPUs)</source>
        <translation>弹性（以更少的 GPU 继续）</translation>
    </message>
    <message>
        <source>Optical lane tolerance</source>
        <translation>光通道容错</translation>
    </message>
    <message>
        <source>A link keeps running on its other lanes when one optical lane fails: the optics interrupt a job 10 times less often (the seeds: 4 % -&gt; 0.4 %)</source>
        <translation>一个光通道故障时链路以其余通道继续运行：光模块中断作业的频率降为十分之一（原文：4 % → 0.4 %）</translation>
    </message>
    <message>
        <source>FlashAttention</source>
        <translation>FlashAttention</translation>
    </message>
    <message>
        <source>Sequence parallelism</source>
        <translation>序列并行</translation>
    </message>
    <message>
        <source>Data-parallel communication overlapped</source>
        <translation>数据并行通信与计算重叠</translation>
    </message>
    <message>
        <source>Pipeline sends overlapped (interleaved)</source>
        <translation>流水线发送与计算重叠（交错调度）</translation>
    </message>
    <message>
        <source>FP8 scaling recipe</source>
        <translation>FP8 缩放方案</translation>
    </message>
    <message>
        <source>DualPipe (DeepSeek-V3; even PP)</source>
        <translation>DualPipe（DeepSeek-V3；PP 为偶数）</translation>
    </message>
    <message>
        <source>Pipeline schedule</source>
        <translation>流水线调度</translation>
    </message>
    <message>
        <source>Zero-bubble schedules (Qi et al. 2024) fill the bubble with weight-gradient work</source>
        <translation>零气泡调度（Qi 等，2024）用权重梯度计算填充流水线气泡</translation>
    </message>
    <message>
        <source>1F1B (interleaved with virtual stages)</source>
        <translation>1F1B（有虚拟阶段时为交错式）</translation>
    </message>
    <message>
        <source>Zero bubble ZB-H1</source>
        <translation>零气泡 ZB-H1</translation>
    </message>
    <message>
        <source>Zero bubble ZB-V (2 virtual stages)</source>
        <translation>零气泡 ZB-V（2 个虚拟阶段）</translation>
    </message>
    <message>
        <source>Layers on the first stage</source>
        <translation>首阶段层数</translation>
    </message>
    <message>
        <source>Fewer layers beside the embedding balance the pipeline</source>
        <translation>首阶段含嵌入层，少放几层可平衡流水线</translation>
    </message>
    <message>
        <source>Even split</source>
        <translation>均分</translation>
    </message>
    <message>
        <source>Layers on the last stage</source>
        <translation>末阶段层数</translation>
    </message>
    <message>
        <source>Fewer layers beside the output head balance the pipeline</source>
        <translation>末阶段含输出头，少放几层可平衡流水线</translation>
    </message>
    <message>
        <source>Rank order</source>
        <translation>秩排列顺序</translation>
    </message>
    <message>
        <source>Which dimension lands inside the NVLink domain after TP</source>
        <translation>TP 之后哪一维落在 NVLink 域内</translation>
    </message>
    <message>
        <source>Data parallel inside (Megatron)</source>
        <translation>数据并行在内（Megatron）</translation>
    </message>
    <message>
        <source>Pipeline inside, DP outermost (Llama 3)</source>
        <translation>流水线在内、数据并行最外（Llama 3）</translation>
    </message>
    <message>
        <source>Training software</source>
        <translation>训练软件</translation>
    </message>
    <message>
        <source>Software preset</source>
        <translation>软件预设</translation>
    </message>
    <message>
        <source>The training stack the other settings start from</source>
        <translation>其余软件设置所基于的训练软件栈</translation>
    </message>
    <message>
        <source>By accelerator generation</source>
        <translation>按加速器代际</translation>
    </message>
    <message>
        <source>Megatron-LM 2021</source>
        <translation>Megatron-LM 2021</translation>
    </message>
    <message>
        <source>Megatron-core 2024</source>
        <translation>Megatron-core 2024</translation>
    </message>
    <message>
        <source>TP communication overlap</source>
        <translation>TP 通信重叠</translation>
    </message>
    <message>
        <source>Tensor-parallel collectives hidden behind GEMMs</source>
        <translation>张量并行集合通信隐藏在矩阵乘之后</translation>
    </message>
    <message>
        <source>Bulk (backward)</source>
        <translation>整块（反向）</translation>
    </message>
    <message>
        <source>Pipelined (forward and backward)</source>
        <translation>流水化（前向与反向）</translation>
    </message>
    <message>
        <source>Parallel attention and MLP</source>
        <translation>注意力与 MLP 并行</translation>
    </message>
    <message>
        <source>GPT-J/PaLM block: changes the model</source>
        <translation>GPT-J/PaLM 式模块：会改变模型</translation>
    </message>
    <message>
        <source>Activation offload</source>
        <translation>激活卸载</translation>
    </message>
    <message>
        <source>Share of stored activations kept in host memory</source>
        <translation>保存在主机内存中的激活占比</translation>
    </message>
    <message>
        <source>MoE capacity factor</source>
        <translation>MoE 容量因子</translation>
    </message>
    <message>
        <source>0 = dropless routing</source>
        <translation>0 = 不丢弃 token 的路由</translation>
    </message>
    <message>
        <source>MoE load imbalance</source>
        <translation>MoE 负载不均衡</translation>
    </message>
    <message>
        <source>Busiest expert&apos;s tokens over the mean</source>
        <translation>最忙专家的 token 数与平均值之比</translation>
    </message>
    <message>
        <source>Nodes kept ready to replace failed ones; automatic sizes the pool to cover 99.9 % of the repairs outstanding at once</source>
        <translation>随时待命以替换故障节点的节点数；自动模式按同时在修节点数的 99.9 % 分位确定备用池大小</translation>
    </message>
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
    <message>
        <source>Power chain</source>
        <translation>供电架构</translation>
    </message>
    <message>
        <source>UPS / conversion architecture between the grid and the IT load</source>
        <translation>电网与 IT 负载之间的 UPS/变换架构</translation>
    </message>
    <message>
        <source>Double-conversion UPS</source>
        <translation>双变换 UPS</translation>
    </message>
    <message>
        <source>UPS in eco-mode</source>
        <translation>ECO 模式 UPS</translation>
    </message>
    <message>
        <source>Mains + 240/336 V HVDC</source>
        <translation>市电直供 + 240/336 V 高压直流（HVDC）</translation>
    </message>
    <message>
        <source>Dense first layers</source>
        <translation>前部稠密层数</translation>
    </message>
    <message>
        <source>Mixture of experts: first layers that run one dense MLP</source>
        <translation>混合专家模型：前几层运行一个稠密 MLP</translation>
    </message>
    <message>
        <source>Dense FFN hidden size</source>
        <translation>稠密 FFN 隐藏层大小</translation>
    </message>
    <message>
        <source>MLP width of the dense first layers; automatic = FFN hidden size</source>
        <translation>前部稠密层的 MLP 宽度；自动 = FFN 隐藏层大小</translation>
    </message>
    <message>
        <source>Head width</source>
        <translation>注意力头宽度</translation>
    </message>
    <message>
        <source>Width of one attention head; automatic = hidden size / heads. Latent attention: the query/key width without RoPE</source>
        <translation>单个注意力头的宽度；自动 = 隐藏层大小 / 头数。潜在注意力：不含 RoPE 的查询/键宽度</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>Multi-head (grouped-query with KV heads)</source>
        <translation>多头（配合 KV 头数为分组查询）</translation>
    </message>
    <message>
        <source>Multi-head latent (MLA)</source>
        <translation>多头潜在注意力（MLA）</translation>
    </message>
    <message>
        <source>Query latent rank</source>
        <translation>查询潜在秩</translation>
    </message>
    <message>
        <source>Latent attention: query latent width; 0 = queries projected from the hidden state</source>
        <translation>潜在注意力：查询潜在向量宽度；0 = 直接由隐藏状态投影查询</translation>
    </message>
    <message>
        <source>Key/value latent rank</source>
        <translation>键/值潜在秩</translation>
    </message>
    <message>
        <source>Latent attention: key/value latent width (required)</source>
        <translation>潜在注意力：键/值潜在向量宽度（必填）</translation>
    </message>
    <message>
        <source>RoPE width per head</source>
        <translation>每头 RoPE 宽度</translation>
    </message>
    <message>
        <source>Latent attention: RoPE dimensions added to each query, and of the shared key</source>
        <translation>潜在注意力：每个查询附加的 RoPE 维度，也是共享键的宽度</translation>
    </message>
    <message>
        <source>Value width per head</source>
        <translation>每头值宽度</translation>
    </message>
    <message>
        <source>Latent attention; automatic = head width</source>
        <translation>潜在注意力；自动 = 注意力头宽度</translation>
    </message>
    <message>
        <source>MTP depth</source>
        <translation>MTP 深度</translation>
    </message>
    <message>
        <source>Multi-token prediction modules (DeepSeek-V3: 1)</source>
        <translation>多 token 预测模块数（DeepSeek-V3：1）</translation>
    </message>
</context>
<context>
    <name>cf::FileController</name>
    <message>
        <source>Opening %1</source>
        <translation>正在打开 %1</translation>
    </message>
    <message>
        <source>Cannot open example</source>
        <translation>无法打开示例</translation>
    </message>
    <message>
        <source>Opened the example %1 as an untitled copy</source>
        <translation>已将示例 %1 作为未命名副本打开</translation>
    </message>
    <message>
        <source>Lever waterfall spec, added to the open project (*.json)</source>
        <translation>优化杠杆瀑布图规格，添加到当前项目（*.json）</translation>
    </message>
    <message>
        <source>Cannot import waterfall</source>
        <translation>无法导入瀑布图</translation>
    </message>
    <message>
        <source>Added the waterfall of %1 to the project (undo removes it)</source>
        <translation>已将 %1 的瀑布图添加到项目（撤销可移除）</translation>
    </message>
    <message>
        <source>Project opened with problems</source>
        <translation>项目已打开，但存在问题</translation>
    </message>
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
    <name>cf::HallView</name>
    <message>
        <source>No layout: run the cluster wizard or generate one in the rack elevations.</source>
        <translation>无布局：运行集群向导，或在机柜立面图中生成。</translation>
    </message>
    <message>
        <source>%1 kW of %2</source>
        <translation>%1 kW / %2</translation>
    </message>
    <message>
        <source>%1 kW of heat to air</source>
        <translation>%1 kW 热量排入空气</translation>
    </message>
    <message>
        <source>%1 kg of %2</source>
        <translation>%1 kg / %2</translation>
    </message>
    <message>
        <source>%1 U free of %2</source>
        <translation>空闲 %1 U / %2</translation>
    </message>
    <message>
        <source>Hall:</source>
        <translation>机房：</translation>
    </message>
    <message>
        <source>Colour by:</source>
        <translation>着色依据：</translation>
    </message>
    <message>
        <source>Power</source>
        <translation>功率</translation>
    </message>
    <message>
        <source>Heat</source>
        <translation>热量</translation>
    </message>
    <message>
        <source>Weight</source>
        <translation>重量</translation>
    </message>
    <message>
        <source>Free U</source>
        <translation>空闲 U</translation>
    </message>
    <message>
        <source>0%</source>
        <translation>0%</translation>
    </message>
    <message>
        <source>100% of budget</source>
        <translation>预算的 100%</translation>
    </message>
    <message>
        <source>0 kW</source>
        <translation>0 kW</translation>
    </message>
    <message>
        <source>%1 kW (hottest rack)</source>
        <translation>%1 kW（最热机柜）</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>空</translation>
    </message>
    <message>
        <source>full</source>
        <translation>满</translation>
    </message>
    <message>
        <source>%1. Red outline: a budget exceeded. Drag racks to move them; double-click opens the row.</source>
        <translation>%1。红色边框 = 超出预算。拖动机柜可移动；双击打开其所在机柜列。</translation>
    </message>
    <message>
        <source>Move rack %1</source>
        <translation>移动机柜 %1</translation>
    </message>
    <message numerus="yes">
        <source>Move %n racks</source>
        <translation>
            <numerusform>移动 %n 个机柜</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete racks</source>
        <translation>删除机柜</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n rack(s)? %1 of them hold parts, which are deleted with them.</source>
        <translation>
            <numerusform>删除 %n 个机柜？其中 %1 个装有部件，这些部件将一并删除。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete %n rack(s)</source>
        <translation>
            <numerusform>删除 %n 个机柜</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Paste %n rack(s)</source>
        <translation>
            <numerusform>粘贴 %n 个机柜</numerusform>
        </translation>
    </message>
    <message>
        <source>Zoom to fit</source>
        <translation>缩放至适合</translation>
    </message>
    <message>
        <source>Show the whole hall (Ctrl+0)</source>
        <translation>显示整个机房（Ctrl+0）</translation>
    </message>
    <message>
        <source>Select all racks</source>
        <translation>全选机柜</translation>
    </message>
    <message>
        <source>Copy racks</source>
        <translation>复制机柜</translation>
    </message>
    <message>
        <source>Paste racks</source>
        <translation>粘贴机柜</translation>
    </message>
    <message>
        <source>Delete racks…</source>
        <translation>删除机柜…</translation>
    </message>
    <message>
        <source>Cold aisle %1 m</source>
        <translation>冷通道 %1 m</translation>
    </message>
    <message>
        <source>Hot aisle %1 m</source>
        <translation>热通道 %1 m</translation>
    </message>
    <message>
        <source>%1 m</source>
        <translation>%1 m</translation>
    </message>
    <message>
        <source>Hall %1 m × %2 m (%3 m²): racks %4 × %5 m, cold aisles %6 m (blue, the fronts), hot aisles %7 m (orange, the rears), end aisles %8 m.</source>
        <translation>机房 %1 m × %2 m（%3 m²）：机柜 %4 × %5 m，冷通道 %6 m（蓝色，机柜正面），热通道 %7 m（橙色，机柜背面），端部通道 %8 m。</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1%2</translation>
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
    <name>cf::JobEditor</name>
    <message>
        <source>Memory per GPU by pipeline stage: updating…</source>
        <translation>各流水线阶段每 GPU 内存：更新中…</translation>
    </message>
    <message>
        <source>%1 — the peak</source>
        <translation>%1——峰值</translation>
    </message>
    <message>
        <source>Parallelism search</source>
        <translation>并行策略搜索</translation>
    </message>
    <message>
        <source>Search cancelled.</source>
        <translation>搜索已取消。</translation>
    </message>
    <message>
        <source>Layers on the first stage (0 = even):</source>
        <translation>首阶段层数（0 = 均分）：</translation>
    </message>
    <message>
        <source>Layers on the last stage (0 = even):</source>
        <translation>末阶段层数（0 = 均分）：</translation>
    </message>
    <message>
        <source>Training software and pipeline</source>
        <translation>训练软件与流水线</translation>
    </message>
    <message>
        <source>first</source>
        <translation>首阶段</translation>
    </message>
    <message>
        <source>middle</source>
        <translation>中间阶段</translation>
    </message>
    <message>
        <source>last</source>
        <translation>末阶段</translation>
    </message>
    <message>
        <source>every stage</source>
        <translation>全部阶段</translation>
    </message>
    <message>
        <source>%1 %2 GiB (%3 layers)</source>
        <translation>%1 %2 GiB（%3 层）</translation>
    </message>
    <message>
        <source>Memory per GPU by pipeline stage: %1. %2 in %3 GiB (allocator range %4–%5 GiB); software preset %6.</source>
        <translation>各流水线阶段每 GPU 内存：%1。%3 GiB 内：%2（分配器范围 %4–%5 GiB）；软件预设 %6。</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>可容纳</translation>
    </message>
    <message>
        <source>Does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>Model: %1 — %2 layers, hidden %3, %4 heads (%5 KV), FFN %6 (%7), %8, sequence %9; cluster: %10 GPUs.</source>
        <translation>模型：%1 — %2 层，隐藏维度 %3，%4 个注意力头（%5 KV），FFN %6（%7），%8，序列长度 %9；集群：%10 卡。</translation>
    </message>
    <message>
        <source>%1 experts (top %2)</source>
        <translation>%1 个专家（top %2）</translation>
    </message>
    <message>
        <source>dense</source>
        <translation>稠密</translation>
    </message>
    <message>
        <source>custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <source>The parallelism is valid for this model and cluster.</source>
        <translation>该并行配置对此模型与集群有效。</translation>
    </message>
    <message>
        <source>Searching every valid parallel configuration…</source>
        <translation>正在搜索所有有效的并行配置…</translation>
    </message>
    <message>
        <source>The search failed: %1</source>
        <translation>搜索失败：%1</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>排名</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>ZeRO</source>
        <translation>ZeRO</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Days</source>
        <translation>天</translation>
    </message>
    <message>
        <source>Memory (GiB)</source>
        <translation>显存（GiB）</translation>
    </message>
    <message>
        <source>%1 configurations evaluated, %2 fit in memory; best first.</source>
        <translation>已评估 %1 种配置，%2 种可放入显存；最优在前。</translation>
    </message>
    <message>
        <source>No configuration fits this model on this cluster.</source>
        <translation>没有配置能在此集群上容纳该模型。</translation>
    </message>
    <message>
        <source>Model preset:</source>
        <translation>模型预设：</translation>
    </message>
    <message>
        <source>Apply preset</source>
        <translation>应用预设</translation>
    </message>
    <message>
        <source>Tensor parallel (TP):</source>
        <translation>张量并行（TP）：</translation>
    </message>
    <message>
        <source>Pipeline parallel (PP):</source>
        <translation>流水线并行（PP）：</translation>
    </message>
    <message>
        <source>Data parallel (DP, 0 = automatic):</source>
        <translation>数据并行（DP，0 = 自动）：</translation>
    </message>
    <message>
        <source>Expert parallel (EP):</source>
        <translation>专家并行（EP）：</translation>
    </message>
    <message>
        <source>Context parallel (CP):</source>
        <translation>上下文并行（CP）：</translation>
    </message>
    <message>
        <source>Micro-batch:</source>
        <translation>微批次：</translation>
    </message>
    <message>
        <source>Global batch (0 = automatic):</source>
        <translation>全局批大小（0 = 自动）：</translation>
    </message>
    <message>
        <source>Virtual stages:</source>
        <translation>虚拟流水线阶段：</translation>
    </message>
    <message>
        <source>ZeRO stage:</source>
        <translation>ZeRO 阶段：</translation>
    </message>
    <message>
        <source>Activation recomputation:</source>
        <translation>激活重计算：</translation>
    </message>
    <message>
        <source>Validity hints</source>
        <translation>有效性提示</translation>
    </message>
    <message>
        <source>Find best</source>
        <translation>寻找最优</translation>
    </message>
    <message>
        <source>Search every valid parallel configuration for the shortest time to train</source>
        <translation>搜索所有有效并行配置，找出训练时长最短者</translation>
    </message>
    <message>
        <source>Apply selected</source>
        <translation>应用所选</translation>
    </message>
    <message>
        <source>%1 The best one is applied (Undo restores the previous one).</source>
        <translation>%1 已应用最佳配置（撤销可恢复之前的配置）。</translation>
    </message>
    <message>
        <source>The design changed during the search: apply the selected configuration or search again.</source>
        <translation>搜索期间设计已更改：请应用所选配置或重新搜索。</translation>
    </message>
    <message>
        <source>Custom model</source>
        <translation>自定义模型</translation>
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
    <message>
        <source>Open S&amp;weep Results…</source>
        <translation>打开参数扫描结果(&amp;W)…</translation>
    </message>
    <message>
        <source>Open the results of clusterforge-cli sweep (.sweep.db, JSON or CSV) in the Sweep tab</source>
        <translation>在“参数扫描”标签页中打开 clusterforge-cli sweep 的结果（.sweep.db、JSON 或 CSV）</translation>
    </message>
</context>
<context>
    <name>cf::MainWindow</name>
    <message>
        <source>Reset &amp;Layout</source>
        <translation>重置布局(&amp;L)</translation>
    </message>
    <message>
        <source>Put every dock back in its default place and size</source>
        <translation>将所有停靠窗口恢复到默认位置和大小</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>工作负载</translation>
    </message>
    <message>
        <source>Waterfall</source>
        <translation>瀑布图</translation>
    </message>
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
    <message>
        <source>Sweep</source>
        <translation>参数扫描</translation>
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
        <source>Step time, flow simulation (s)</source>
        <translation>单步时间，流级仿真（秒）</translation>
    </message>
    <message>
        <source>Step time, analytical (s)</source>
        <translation>单步时间，解析模型（秒）</translation>
    </message>
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
    <message>
        <source>Simulating…</source>
        <translation>仿真中…</translation>
    </message>
    <message>
        <source>Not simulated yet.</source>
        <translation>尚未仿真。</translation>
    </message>
    <message>
        <source>follows with the full run</source>
        <translation>随完整计算给出</translation>
    </message>
    <message>
        <source>Updating… (the figures of this design are being computed)</source>
        <translation>正在更新…（正在计算此设计的数据）</translation>
    </message>
    <message>
        <source>Goodput, ETTR (%)</source>
        <translation>有效训练时间占比 ETTR（%）</translation>
    </message>
    <message>
        <source>follows with the Monte Carlo run</source>
        <translation>随蒙特卡洛模拟给出</translation>
    </message>
    <message>
        <source>Cost per GPU-hour (USD)</source>
        <translation>每 GPU 小时成本（美元）</translation>
    </message>
</context>
<context>
    <name>cf::ParetoPanel</name>
    <message>
        <source>Filter rows (any column)…</source>
        <translation>筛选行（任意列）…</translation>
    </message>
    <message>
        <source>Pareto front only</source>
        <translation>仅显示帕累托前沿</translation>
    </message>
    <message>
        <source>Show only the designs no other design beats on both time to train and cost</source>
        <translation>仅显示在训练时长与成本两方面均不被其他设计同时超越的设计</translation>
    </message>
    <message>
        <source>on the Pareto front</source>
        <translation>位于帕累托前沿</translation>
    </message>
    <message>
        <source>No results.</source>
        <translation>无结果。</translation>
    </message>
    <message>
        <source>No design with results matches the filter.</source>
        <translation>没有符合筛选条件且有结果的设计。</translation>
    </message>
    <message>
        <source>%1 of %2 rows shown; %3 on the Pareto front</source>
        <translation>显示 %2 行中的 %1 行；%3 个位于帕累托前沿</translation>
    </message>
</context>
<context>
    <name>cf::PresentationWindow</name>
    <message>
        <source>Open lesson file</source>
        <translation>打开课程文件</translation>
    </message>
    <message>
        <source>Lesson files (*.json);;All files (*)</source>
        <translation>课程文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Open lesson file…</source>
        <translation>打开课程文件…</translation>
    </message>
    <message>
        <source>→ / Space: next · ←: back · N / P: next / previous lesson · O: overview · B: blank · L: laser pointer · S: notes · Esc: leave</source>
        <translation>→ / 空格：下一步 · ←：上一步 · N / P：下一课 / 上一课 · O：课程列表 · B：黑屏 · L：激光笔 · S：演讲者备注 · Esc：退出</translation>
    </message>
    <message>
        <source>◀ Previous lesson</source>
        <translation>◀ 上一课</translation>
    </message>
    <message>
        <source>Lessons</source>
        <translation>课程列表</translation>
    </message>
    <message>
        <source>Next lesson ▶</source>
        <translation>下一课 ▶</translation>
    </message>
    <message>
        <source>Lesson overview</source>
        <translation>课程列表</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Lesson %1: %2</source>
        <translation>课程 %1：%2</translation>
    </message>
    <message>
        <source>Lesson %1 of %2 · step %3 of %4</source>
        <translation>第 %1 课（共 %2 课）· 第 %3 步（共 %4 步）</translation>
    </message>
    <message>
        <source>The simulation failed: %1</source>
        <translation>仿真失败：%1</translation>
    </message>
    <message>
        <source>%</source>
        <translation>%</translation>
    </message>
    <message>
        <source>ClusterForge — Presentation</source>
        <translation>ClusterForge — 演示模式</translation>
    </message>
    <message>
        <source>Lessons: designing AI training clusters</source>
        <translation>课程：智算集群设计</translation>
    </message>
    <message>
        <source>↑ ↓ choose a lesson · → or Space: start · 1–%1: jump to a lesson · Esc: leave</source>
        <translation>↑ ↓ 选择课程 · → 或空格：开始 · 1–%1：跳转到指定课程 · Esc：退出</translation>
    </message>
    <message>
        <source>→ / Space: next step · ←: back · Esc: leave the presentation</source>
        <translation>→ / 空格：下一步 · ←：上一步 · Esc：退出演示</translation>
    </message>
    <message>
        <source>Computing this lesson&apos;s figures…</source>
        <translation>正在计算本课的数据…</translation>
    </message>
    <message>
        <source>Computing the lesson&apos;s figures</source>
        <translation>计算本课的数据</translation>
    </message>
    <message>
        <source>Computing was cancelled: show the step again to compute its figures.</source>
        <translation>计算已取消：再次显示本步骤即可重新计算。</translation>
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
        <source>Waterfalls (%1)</source>
        <translation>瀑布图（%1）</translation>
    </message>
    <message>
        <source>Lever waterfalls: a base scenario and ordered changes</source>
        <translation>优化杠杆瀑布图：一个基线方案和有序的改动</translation>
    </message>
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
    <name>cf::RackEditor</name>
    <message>
        <source>Generate the layout again?</source>
        <translation>重新生成布局？</translation>
    </message>
    <message>
        <source>%1

Generate this design's layout again? It replaces the current one in one step; Undo restores it.</source>
        <translation>%1

重新生成此方案的布局？新布局一步替换当前布局；撤销可恢复。</translation>
    </message>
    <message>
        <source>The layout already is the one generated for this design.</source>
        <translation>布局已是为此设计生成的布局。</translation>
    </message>
    <message>
        <source>These racks hold no leaf (ToR) switch and the layout has no network rack: the nodes&apos; NICs connect to no switch placed in the hall.</source>
        <translation>这些机柜中没有叶（ToR）交换机，布局中也没有网络机柜：节点的网卡未连接到机房中放置的任何交换机。</translation>
    </message>
    <message>
        <source>These racks hold no leaf (ToR) switch: their nodes connect to the leaf switches in the network racks of %1.</source>
        <translation>这些机柜中没有叶（ToR）交换机：其节点连接到 %1 的网络机柜中的叶交换机。</translation>
    </message>
    <message>
        <source>Generating the rack layout</source>
        <translation>正在生成机柜布局</translation>
    </message>
    <message>
        <source>Layout generation cancelled.</source>
        <translation>已取消布局生成。</translation>
    </message>
    <message>
        <source>The design changed while its layout was generated: generate it again.</source>
        <translation>生成布局期间设计已更改：请重新生成。</translation>
    </message>
    <message>
        <source>In-rack CDU (4 U, liquid racks)</source>
        <translation>机柜内 CDU（4 U，液冷机柜）</translation>
    </message>
    <message>
        <source>liquid-cooled</source>
        <translation>液冷</translation>
    </message>
    <message>
        <source>air-cooled</source>
        <translation>风冷</translation>
    </message>
    <message>
        <source>Refused: %1 (%2 U) does not fit in %3: no %2 free U left on its %4. Nothing overlaps and nothing sticks out of the top; free some space or choose another rack.</source>
        <translation>已拒绝：%1（%2 U）放不进 %3：其%4已没有连续 %2 U 的空位。部件不会重叠，也不会超出机柜顶部；请腾出空间或选择其他机柜。</translation>
    </message>
    <message>
        <source>rear</source>
        <translation>背面</translation>
    </message>
    <message>
        <source>front</source>
        <translation>正面</translation>
    </message>
    <message>
        <source>Refused: %1 is %2 U tall; rack %3 has %4 U.</source>
        <translation>已拒绝：%1 高 %2 U；机柜 %3 只有 %4 U。</translation>
    </message>
    <message>
        <source>Refused: %1 is a whole-rack system and needs an empty rack; %2 holds %3. Drop it beside the racks to add a rack (%4) with it.</source>
        <translation>已拒绝：%1 是整机柜系统，需要空机柜；%2 中已有 %3。将其拖放到机柜旁边，即可添加一个装有它的机柜（%4）。</translation>
    </message>
    <message>
        <source>Refused: %1 is liquid-cooled and rack %2 (%3) is air-cooled. Drop it beside the racks to add a liquid-cooled rack (%4) with it.</source>
        <translation>已拒绝：%1 为液冷，而机柜 %2（%3）为风冷。将其拖放到机柜旁边，即可添加一个装有它的液冷机柜（%4）。</translation>
    </message>
    <message>
        <source>Refused: rack %1 is taken by the whole-rack system %2; nothing else fits in it.</source>
        <translation>已拒绝：机柜 %1 已被整机柜系统 %2 占用，无法再放入其他部件。</translation>
    </message>
    <message>
        <source>Refused: %1 cannot grow to %2 U at U%3: it would overlap another part or pass the top.</source>
        <translation>已拒绝：%1 无法在 U%3 处增高到 %2 U：会与其他部件重叠或超出机柜顶部。</translation>
    </message>
    <message>
        <source>Refused: the catalog has no rack that takes %1 (%2 U, %3).</source>
        <translation>已拒绝：目录中没有能容纳 %1（%2 U，%3）的机柜。</translation>
    </message>
    <message>
        <source>Add rack %1 with %2</source>
        <translation>添加装有 %2 的机柜 %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 / %2 (%n racks)</source>
        <translation>
            <numerusform>%1 / %2（%n 个机柜）</numerusform>
        </translation>
    </message>
    <message>
        <source>This scenario has no layout yet: generate one, or run the cluster wizard.</source>
        <translation>此方案尚无布局：生成一个，或运行集群向导。</translation>
    </message>
    <message>
        <source>Place %1 in %2</source>
        <translation>将 %1 放入 %2</translation>
    </message>
    <message>
        <source>Move %1</source>
        <translation>移动 %1</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>移除 %1</translation>
    </message>
    <message>
        <source>Add rack %1</source>
        <translation>添加机柜 %1</translation>
    </message>
    <message>
        <source>Generate layout</source>
        <translation>生成布局</translation>
    </message>
    <message>
        <source>Cannot generate a layout: %1</source>
        <translation>无法生成布局：%1</translation>
    </message>
    <message>
        <source>Row:</source>
        <translation>机柜列：</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>显示：</translation>
    </message>
    <message>
        <source>Front and rear</source>
        <translation>正面与背面</translation>
    </message>
    <message>
        <source>Front</source>
        <translation>正面</translation>
    </message>
    <message>
        <source>Rear</source>
        <translation>背面</translation>
    </message>
    <message>
        <source>Add rack</source>
        <translation>添加机柜</translation>
    </message>
    <message>
        <source>Zoom to fit</source>
        <translation>缩放至适合</translation>
    </message>
    <message>
        <source>Remove rack</source>
        <translation>移除机柜</translation>
    </message>
    <message>
        <source>Remove rack %1 with %2 parts?</source>
        <translation>移除机柜 %1 及其 %2 个部件？</translation>
    </message>
    <message>
        <source>Remove rack %1</source>
        <translation>移除机柜 %1</translation>
    </message>
    <message>
        <source>Paste rack %1</source>
        <translation>粘贴机柜 %1</translation>
    </message>
    <message>
        <source>Drag parts from the catalog onto a rack. Ctrl- or Shift-click, or drag a band, to select several; Delete removes, arrow keys move by 1 U, Ctrl+0 fits.</source>
        <translation>从部件目录将部件拖到机柜上。按住 Ctrl 或 Shift 单击，或拖出选框，可多选；Delete 删除，方向键按 1 U 移动，Ctrl+0 缩放至适合。</translation>
    </message>
    <message numerus="yes">
        <source>Move %n part(s)</source>
        <translation>
            <numerusform>移动 %n 个部件</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete parts</source>
        <translation>删除部件</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n selected part(s)?</source>
        <translation>
            <numerusform>删除所选的 %n 个部件？</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Remove %n part(s)</source>
        <translation>
            <numerusform>移除 %n 个部件</numerusform>
        </translation>
    </message>
    <message>
        <source>Resize %1 to %2 U</source>
        <translation>将 %1 调整为 %2 U</translation>
    </message>
    <message>
        <source>%1 has no free U for a filler.</source>
        <translation>%1 没有空闲 U 位可放置填充件。</translation>
    </message>
    <message>
        <source>Fit the racks&apos; height to the view; a long row scrolls across (Ctrl+0)</source>
        <translation>使机柜高度适应视图，较长的机柜列可横向滚动（Ctrl+0）</translation>
    </message>
    <message>
        <source>Add filler</source>
        <translation>添加填充件</translation>
    </message>
    <message>
        <source>Add a 1 U blanking panel or cable manager to the selected rack; drag its top edge to resize it</source>
        <translation>在所选机柜中添加 1 U 盲板或理线器；拖动其上边缘可调整高度</translation>
    </message>
    <message>
        <source>Blanking panel</source>
        <translation>盲板</translation>
    </message>
    <message>
        <source>Cable manager</source>
        <translation>理线器</translation>
    </message>
</context>
<context>
    <name>cf::RackScene</name>
    <message>
        <source>compute tray</source>
        <translation>计算托盘</translation>
    </message>
    <message>
        <source>switch tray</source>
        <translation>交换托盘</translation>
    </message>
    <message>
        <source>power shelf</source>
        <translation>电源架</translation>
    </message>
    <message>
        <source>cooling unit</source>
        <translation>冷却单元</translation>
    </message>
    <message>
        <source>management switch</source>
        <translation>管理交换机</translation>
    </message>
    <message>
        <source>other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>%1 %2 of %3 (%4)</source>
        <translation>%1：第 %2 个，共 %3 个（%4）</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Coolant manifold of %1: supply and return from the facility&apos;s CDU (in-row or sidecar, outside this rack)</source>
        <translation>%1 的冷却液歧管：供液与回液来自设施的 CDU（列间或侧挂式，不在本机柜内）</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n power supplies (rear)</source>
        <translation>
            <numerusform>%1：%n 个电源（背面）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n scale-out NIC port(s) (rear)</source>
        <translation>
            <numerusform>%1：%n 个横向扩展网卡端口（背面）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 — front</source>
        <translation>%1 — 正面</translation>
    </message>
    <message>
        <source>%1 — rear</source>
        <translation>%1 — 背面</translation>
    </message>
    <message>
        <source>Power %1 / %2 kW</source>
        <translation>功率 %1 / %2 kW</translation>
    </message>
    <message>
        <source>Weight %1 / %2 kg</source>
        <translation>重量 %1 / %2 kg</translation>
    </message>
    <message>
        <source>Space %1 / %2 U</source>
        <translation>空间 %1 / %2 U</translation>
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
    <name>cf::ResultsController</name>
    <message>
        <source>Uncertainty</source>
        <translation>不确定性</translation>
    </message>
    <message>
        <source>Simulating for the report</source>
        <translation>正在为报告仿真</translation>
    </message>
    <message>
        <source>Report export cancelled</source>
        <translation>报告导出已取消</translation>
    </message>
    <message>
        <source>Writing the report…</source>
        <translation>正在生成报告…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Report export cancelled; no file written.</source>
        <translation>报告导出已取消，未写入文件。</translation>
    </message>
    <message>
        <source>Flow-Level &amp;Network Simulation</source>
        <translation>流级网络仿真(&amp;N)</translation>
    </message>
    <message>
        <source>Simulate every flow of a training step on the fabric (slower): its step time replaces the analytical one in time to train, reliability, energy and cost</source>
        <translation>在网络拓扑上仿真一个训练步的每条流（较慢）：其步时取代解析模型步时，用于训练时长、可靠性、能耗与成本</translation>
    </message>
    <message>
        <source>Dashboard</source>
        <translation>仪表板</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>方案对比</translation>
    </message>
    <message>
        <source>&amp;Export Report…</source>
        <translation>导出报告(&amp;E)…</translation>
    </message>
    <message>
        <source>Write a PDF, HTML or CSV report of every scenario</source>
        <translation>为所有方案生成 PDF、HTML 或 CSV 报告</translation>
    </message>
    <message>
        <source>&amp;Simulate Now</source>
        <translation>立即仿真(&amp;S)</translation>
    </message>
    <message>
        <source>Run the simulation of every changed scenario now</source>
        <translation>立即仿真所有已更改的方案</translation>
    </message>
    <message>
        <source>Choose a file ending in .pdf, .html or .csv</source>
        <translation>请选择扩展名为 .pdf、.html 或 .csv 的文件</translation>
    </message>
    <message>
        <source>Export Report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>PDF report (*.pdf);;HTML report (*.html);;CSV tables (*.csv)</source>
        <translation>PDF 报告 (*.pdf);;HTML 报告 (*.html);;CSV 表格 (*.csv)</translation>
    </message>
    <message>
        <source>Report written to %1</source>
        <translation>报告已写入 %1</translation>
    </message>
    <message>
        <source>Image written to %1</source>
        <translation>图像已写入 %1</translation>
    </message>
    <message>
        <source>Export View Image</source>
        <translation>导出视图图像</translation>
    </message>
    <message>
        <source>&amp;Presentation</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <source>Full-screen guided lessons for the classroom (Esc leaves)</source>
        <translation>面向课堂的全屏引导式课程（按 Esc 退出）</translation>
    </message>
    <message>
        <source>Export View &amp;Image…</source>
        <translation>导出视图图像(&amp;I)…</translation>
    </message>
    <message>
        <source>Save the current view (chart page, fabric, hall or racks) as PNG or SVG</source>
        <translation>将当前视图（图表页、网络、机房或机柜）保存为 PNG 或 SVG</translation>
    </message>
    <message>
        <source>Open &amp;Lesson…</source>
        <translation>打开课程(&amp;L)…</translation>
    </message>
    <message>
        <source>Open Lesson</source>
        <translation>打开课程</translation>
    </message>
    <message>
        <source>Lesson files (*.json);;All files (*)</source>
        <translation>课程文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Show a lesson file (a teacher&apos;s own lesson) in the presentation</source>
        <translation>在课堂演示中打开课程文件（教师自己编写的课程）</translation>
    </message>
</context>
<context>
    <name>cf::RunStatusWidget</name>
    <message>
        <source>Stop: %1</source>
        <translation>停止：%1</translation>
    </message>
    <message>
        <source>%1… (+%2)</source>
        <translation>%1…（另 %2 项）</translation>
    </message>
    <message>
        <source>%1…</source>
        <translation>%1…</translation>
    </message>
    <message>
        <source>%1: cancelled</source>
        <translation>%1：已取消</translation>
    </message>
    <message>
        <source>%1: done in %2 s</source>
        <translation>%1：完成，用时 %2 秒</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop the simulation in progress</source>
        <translation>停止正在进行的仿真</translation>
    </message>
    <message>
        <source>Simulating scenario %1…</source>
        <translation>正在仿真方案 %1…</translation>
    </message>
    <message>
        <source>Simulation cancelled</source>
        <translation>仿真已取消</translation>
    </message>
    <message>
        <source>Simulated on %1 in %2 s</source>
        <translation>已在 %1 上仿真，用时 %2 秒</translation>
    </message>
    <message>
        <source>Results up to date</source>
        <translation>结果已是最新</translation>
    </message>
</context>
<context>
    <name>cf::SearchParetoPage</name>
    <message>
        <source>The scenario changed since this search: search again for a current ranking.</source>
        <translation>自本次搜索以来方案已更改：请重新搜索以获得最新排序。</translation>
    </message>
    <message>
        <source>Searching every valid parallel configuration, fastest and cheapest…</source>
        <translation>正在搜索所有有效的并行配置，找出最快与最省者…</translation>
    </message>
    <message>
        <source>The search failed: %1</source>
        <translation>搜索失败：%1</translation>
    </message>
    <message>
        <source>No configuration fits this model on this cluster.</source>
        <translation>没有配置能在此集群上容纳该模型。</translation>
    </message>
    <message>
        <source>%1 configurations evaluated, %2 fit in memory; the %3 fastest and the %3 cheapest (GPU-hours) are plotted.</source>
        <translation>已评估 %1 种配置，其中 %2 种显存可容纳；图中绘出最快的 %3 种与卡时最省的 %3 种。</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Pareto</source>
        <translation>帕累托</translation>
    </message>
    <message>
        <source>Days</source>
        <translation>天数</translation>
    </message>
    <message>
        <source>Time to train, failure-free (days)</source>
        <translation>无故障训练时长（天）</translation>
    </message>
    <message>
        <source>GPU-hours (k)</source>
        <translation>卡时（千）</translation>
    </message>
    <message>
        <source>GPUs × hours of the run, thousands</source>
        <translation>训练所用 GPU 数 × 小时数，单位为千</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <source>Virtual stages</source>
        <translation>虚拟流水线阶段数</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>ZeRO</source>
        <translation>ZeRO</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Step (s)</source>
        <translation>单步（秒）</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>Token/秒</translation>
    </message>
    <message>
        <source>Memory (GiB)</source>
        <translation>显存（GiB）</translation>
    </message>
    <message>
        <source>Bottleneck</source>
        <translation>瓶颈</translation>
    </message>
    <message>
        <source>Parallel configurations: cost against time to train</source>
        <translation>并行配置：成本与训练时长</translation>
    </message>
    <message>
        <source>time to train (days)</source>
        <translation>训练时长（天）</translation>
    </message>
    <message>
        <source>cost (thousand GPU-hours)</source>
        <translation>成本（千卡时）</translation>
    </message>
    <message>
        <source>&lt;b&gt;TP %1 · PP %2 · DP %3 · EP %4 · CP %5&lt;/b&gt;&lt;br&gt;micro-batch %6, v %7, recompute %8, ZeRO %9</source>
        <translation>&lt;b&gt;TP %1 · PP %2 · DP %3 · EP %4 · CP %5&lt;/b&gt;&lt;br&gt;微批次 %6，虚拟阶段 %7，重计算 %8，ZeRO %9</translation>
    </message>
    <message>
        <source>Press &quot;Search&quot; to rank the parallel configurations of this scenario.</source>
        <translation>按“搜索”对该方案的并行配置进行排序。</translation>
    </message>
    <message>
        <source>Select a configuration first.</source>
        <translation>请先选择一个配置。</translation>
    </message>
    <message>
        <source>Applied TP %1 · PP %2 · DP %3 to &quot;%4&quot; (undo restores the previous one).</source>
        <translation>已将 TP %1 · PP %2 · DP %3 应用到“%4”（撤销可恢复之前的配置）。</translation>
    </message>
    <message>
        <source>Scenario: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>方案：&lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Configurations per objective:</source>
        <translation>每个目标的配置数：</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <source>Rank every valid parallel configuration by time to train and by GPU-hours</source>
        <translation>按训练时长与卡时对所有有效并行配置进行排序</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <source>Use the selected configuration in the scenario (one undo step)</source>
        <translation>在方案中使用所选配置（一步撤销）</translation>
    </message>
    <message>
        <source>Parallelism search, fastest and cheapest</source>
        <translation>并行策略搜索（最快与最省）</translation>
    </message>
    <message>
        <source>Search cancelled.</source>
        <translation>搜索已取消。</translation>
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
    <name>cf::StorageEditor</name>
    <message>
        <source>First shared tier (default)</source>
        <translation>第一个共享层级（默认）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Storage tiers&lt;/b&gt; — local tiers per node, shared tiers in aggregate</source>
        <translation>&lt;b&gt;存储层级&lt;/b&gt; — 本地层级按节点计，共享层级按总量计</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Capacity per node (TB)</source>
        <translation>每节点容量（TB）</translation>
    </message>
    <message>
        <source>Read per node (GB/s)</source>
        <translation>每节点读带宽（GB/s）</translation>
    </message>
    <message>
        <source>Write per node (GB/s)</source>
        <translation>每节点写带宽（GB/s）</translation>
    </message>
    <message>
        <source>Capacity (PB)</source>
        <translation>容量（PB）</translation>
    </message>
    <message>
        <source>Read (GB/s)</source>
        <translation>读带宽（GB/s）</translation>
    </message>
    <message>
        <source>Write (GB/s)</source>
        <translation>写带宽（GB/s）</translation>
    </message>
    <message>
        <source>Add local NVMe</source>
        <translation>添加本地 NVMe</translation>
    </message>
    <message>
        <source>Add parallel file system</source>
        <translation>添加并行文件系统</translation>
    </message>
    <message>
        <source>Add object store</source>
        <translation>添加对象存储</translation>
    </message>
    <message>
        <source>Remove tier</source>
        <translation>移除层级</translation>
    </message>
    <message>
        <source>&lt;b&gt;Checkpoints and facility&lt;/b&gt;</source>
        <translation>&lt;b&gt;检查点与设施&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Checkpoint target:</source>
        <translation>检查点目标：</translation>
    </message>
    <message>
        <source>Cooling:</source>
        <translation>冷却：</translation>
    </message>
    <message>
        <source>Climate:</source>
        <translation>气候：</translation>
    </message>
    <message>
        <source>Electricity (USD/kWh):</source>
        <translation>电价（美元/kWh）：</translation>
    </message>
    <message>
        <source>Amortisation (years):</source>
        <translation>折旧年限（年）：</translation>
    </message>
    <message>
        <source>Power chain:</source>
        <translation>供电架构：</translation>
    </message>
    <message>
        <source>How power reaches the IT load: conversion losses are about 4 % of IT with a double-conversion UPS, 1 % in eco-mode and about 2 % with half on mains, half on HVDC</source>
        <translation>电能如何送达 IT 负载：双变换 UPS 的变换损耗约为 IT 功率的 4 %，ECO 模式约 1 %，一半市电直供、一半 HVDC 约 2 %</translation>
    </message>
    <message>
        <source>Local NVMe</source>
        <translation>本地 NVMe</translation>
    </message>
    <message>
        <source>Parallel file system</source>
        <translation>并行文件系统</translation>
    </message>
    <message>
        <source>Object store</source>
        <translation>对象存储</translation>
    </message>
</context>
<context>
    <name>cf::SweepResultsView</name>
    <message>
        <source>Opened the sweep results %1</source>
        <translation>已打开参数扫描结果 %1</translation>
    </message>
    <message>
        <source>Open Sweep Results</source>
        <translation>打开参数扫描结果</translation>
    </message>
    <message>
        <source>Sweep results (*.sweep.db *.db *.json *.csv);;All files (*)</source>
        <translation>参数扫描结果 (*.sweep.db *.db *.json *.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>%1 is not the spec of these results: %2</source>
        <translation>%1 不是这些结果对应的扫描规格：%2</translation>
    </message>
    <message>
        <source>Choose the Sweep Spec</source>
        <translation>选择扫描规格</translation>
    </message>
    <message>
        <source>Sweep spec (*.json);;All files (*)</source>
        <translation>扫描规格 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Variant index</source>
        <translation>变体编号</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Pareto</source>
        <translation>帕累托</translation>
    </message>
    <message>
        <source>On the Pareto front of time to train and run cost</source>
        <translation>位于训练时长与训练成本的帕累托前沿</translation>
    </message>
    <message>
        <source>Days</source>
        <translation>天数</translation>
    </message>
    <message>
        <source>Time to train, mean over the failure trials</source>
        <translation>训练时长，故障试验的均值</translation>
    </message>
    <message>
        <source>Run cost (USD)</source>
        <translation>训练成本（美元）</translation>
    </message>
    <message>
        <source>Cost of the training run</source>
        <translation>一次训练运行的成本</translation>
    </message>
    <message>
        <source>Failure-free days</source>
        <translation>无故障天数</translation>
    </message>
    <message>
        <source>P95 days</source>
        <translation>P95 天数</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>Token/秒</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Goodput</source>
        <translation>有效训练时间占比</translation>
    </message>
    <message>
        <source>Memory (GiB)</source>
        <translation>显存（GiB）</translation>
    </message>
    <message>
        <source>IT power (kW)</source>
        <translation>IT 功率（kW）</translation>
    </message>
    <message>
        <source>PUE</source>
        <translation>PUE</translation>
    </message>
    <message>
        <source>CO₂ (t/year)</source>
        <translation>CO₂（吨/年）</translation>
    </message>
    <message>
        <source>CapEx (M USD)</source>
        <translation>CAPEX（百万美元）</translation>
    </message>
    <message>
        <source>TCO (M USD)</source>
        <translation>TCO（百万美元）</translation>
    </message>
    <message>
        <source>USD per M tokens</source>
        <translation>美元/百万 Token</translation>
    </message>
    <message>
        <source>Bottleneck</source>
        <translation>瓶颈</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Design sweep</source>
        <translation>设计参数扫描</translation>
    </message>
    <message>
        <source>run cost (million USD)</source>
        <translation>训练成本（百万美元）</translation>
    </message>
    <message>
        <source>run cost (thousand USD)</source>
        <translation>训练成本（千美元）</translation>
    </message>
    <message>
        <source>time to train, mean (days)</source>
        <translation>训练时长均值（天）</translation>
    </message>
    <message>
        <source>time to train, failure-free (days)</source>
        <translation>无故障训练时长（天）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Variant %1&lt;/b&gt;</source>
        <translation>&lt;b&gt;变体 %1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Open the results of a sweep (File ▸ Open Sweep Results…): the .sweep.db results file or the JSON or CSV report of clusterforge-cli sweep.</source>
        <translation>打开参数扫描结果（文件 ▸ 打开参数扫描结果…）：.sweep.db 结果文件，或 clusterforge-cli sweep 的 JSON 或 CSV 报告。</translation>
    </message>
    <message>
        <source>No sweep results open.</source>
        <translation>未打开参数扫描结果。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2 variants, %3 with results, %4 on the Pareto front</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — 共 %2 个变体，%3 个有结果，%4 个位于帕累托前沿</translation>
    </message>
    <message>
        <source> (unfinished: %1 of %2 variants done; the front is of those)</source>
        <translation>（未完成：%2 个变体中已完成 %1 个；前沿仅基于已完成者）</translation>
    </message>
    <message>
        <source>Spec: %1</source>
        <translation>扫描规格：%1</translation>
    </message>
    <message>
        <source>Spec: not found beside the results; choose it to add variants to the comparison.</source>
        <translation>扫描规格：未在结果文件旁找到；请选择规格文件，以便将变体加入方案对比。</translation>
    </message>
    <message>
        <source>Open sweep results first.</source>
        <translation>请先打开参数扫描结果。</translation>
    </message>
    <message>
        <source>Choose the sweep spec these results came from first.</source>
        <translation>请先选择生成这些结果的扫描规格。</translation>
    </message>
    <message>
        <source>Select one or more variants first.</source>
        <translation>请先选择一个或多个变体。</translation>
    </message>
    <message>
        <source>variant %1</source>
        <translation>变体 %1</translation>
    </message>
    <message>
        <source>%1 has no results (%2)</source>
        <translation>%1 没有结果（%2）</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message numerus="yes">
        <source>Add %n sweep variant(s) to the comparison</source>
        <translation>
            <numerusform>将 %n 个扫描变体加入方案对比</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Added %n variant(s) to the comparison.</source>
        <translation>
            <numerusform>已将 %n 个变体加入方案对比。</numerusform>
        </translation>
    </message>
    <message>
        <source>The comparison shows the first %1 scenarios.</source>
        <translation>方案对比仅显示前 %1 个方案。</translation>
    </message>
    <message>
        <source>Not added: %1</source>
        <translation>未添加：%1</translation>
    </message>
    <message>
        <source>Add to Comparison</source>
        <translation>加入方案对比</translation>
    </message>
    <message>
        <source>Parallelism search</source>
        <translation>并行策略搜索</translation>
    </message>
    <message>
        <source>Open Results…</source>
        <translation>打开结果…</translation>
    </message>
    <message>
        <source>Open a .sweep.db results file or the JSON/CSV report of clusterforge-cli sweep</source>
        <translation>打开 .sweep.db 结果文件，或 clusterforge-cli sweep 的 JSON/CSV 报告</translation>
    </message>
    <message>
        <source>Choose Spec…</source>
        <translation>选择规格…</translation>
    </message>
    <message>
        <source>Add the selected variants to the project as scenarios (one undo step); the Compare tab shows them</source>
        <translation>将所选变体作为方案加入项目（一步撤销）；可在“方案对比”标签页中查看</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>invalid</source>
        <translation>无效</translation>
    </message>
    <message>
        <source>infeasible</source>
        <translation>不可行</translation>
    </message>
</context>
<context>
    <name>cf::SweepTableModel</name>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Propagate the uncertain inputs at start (the Uncertainty tab&apos;s Run) and judge the designs on FIGURE (e.g. time_to_train_days, tco_usd).</source>
        <translation>启动时传播不确定输入（即“不确定性”页的“运行”），并按 FIGURE 评判各方案（例如 time_to_train_days、tco_usd）。</translation>
    </message>
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
    <message>
        <source>Central tab to show first: its title in English or Chinese, or its object name (e.g. Racks, 机柜 or rackEditor).</source>
        <translation>首先显示的中央标签页：其英文或中文标题，或其对象名（例如 Racks、机柜 或 rackEditor）。</translation>
    </message>
    <message>
        <source>Step of the lesson to show first (1 = the first).</source>
        <translation>首先显示的课程步骤（1 = 第一步）。</translation>
    </message>
    <message>
        <source>Open a sweep&apos;s results (.sweep.db, JSON or CSV report) in the Sweep tab.</source>
        <translation>在“参数扫描”标签页中打开参数扫描结果（.sweep.db、JSON 或 CSV 报告）。</translation>
    </message>
    <message>
        <source>Start the classroom presentation at a lesson (its id or number, e.g. checkpoint or 3, or a lesson file).</source>
        <translation>从指定课程开始课堂演示（课程 id 或编号，例如 checkpoint 或 3，或一个课程文件）。</translation>
    </message>
</context>
<context>
    <name>cf::WaterfallView</name>
    <message>
        <source>%1 (Shapley attribution)</source>
        <translation>%1（Shapley 归因）</translation>
    </message>
    <message>
        <source>The step&apos;s share of the total change in time to train, in the order given</source>
        <translation>该步骤占训练时间总变化的比例（按给定顺序）</translation>
    </message>
    <message>
        <source>The step&apos;s share of the total change averaged over every order of the steps</source>
        <translation>该步骤占总变化的比例（对步骤的所有顺序取平均）</translation>
    </message>
    <message>
        <source>Waterfall:</source>
        <translation>瀑布图：</translation>
    </message>
    <message>
        <source>New waterfall over the base scenario</source>
        <translation>基于基线方案新建瀑布图</translation>
    </message>
    <message>
        <source>Rename the waterfall</source>
        <translation>重命名瀑布图</translation>
    </message>
    <message>
        <source>Remove the waterfall</source>
        <translation>删除瀑布图</translation>
    </message>
    <message>
        <source>Base:</source>
        <translation>基线：</translation>
    </message>
    <message>
        <source>Order:</source>
        <translation>顺序：</translation>
    </message>
    <message>
        <source>Figure:</source>
        <translation>指标：</translation>
    </message>
    <message>
        <source>Steps (applied in this order, each on top of the ones before):</source>
        <translation>步骤（按此顺序依次叠加在前面的步骤之上）：</translation>
    </message>
    <message>
        <source>Add a step</source>
        <translation>添加步骤</translation>
    </message>
    <message>
        <source>Edit the step</source>
        <translation>编辑步骤</translation>
    </message>
    <message>
        <source>Remove the step</source>
        <translation>删除步骤</translation>
    </message>
    <message>
        <source>Move the step up</source>
        <translation>上移步骤</translation>
    </message>
    <message>
        <source>Move the step down</source>
        <translation>下移步骤</translation>
    </message>
    <message>
        <source>As given</source>
        <translation>按给定顺序</translation>
    </message>
    <message>
        <source>Shapley attribution</source>
        <translation>Shapley 归因</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>步时</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>GPU util.</source>
        <translation>GPU 利用率</translation>
    </message>
    <message>
        <source>Days</source>
        <translation>天数</translation>
    </message>
    <message>
        <source>Goodput</source>
        <translation>有效训练时间占比</translation>
    </message>
    <message>
        <source>Run cost</source>
        <translation>运行成本</translation>
    </message>
    <message>
        <source>Δ days</source>
        <translation>训练天数变化</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>Shapley share</source>
        <translation>Shapley 占比</translation>
    </message>
    <message>
        <source>(embedded scenario)</source>
        <translation>（内嵌方案）</translation>
    </message>
    <message>
        <source>%1 (missing)</source>
        <translation>%1（缺失）</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Lever waterfall</source>
        <translation>优化杠杆瀑布图</translation>
    </message>
    <message>
        <source>This project has no waterfall. Create one with the New button (a base scenario and steps of scenario changes) or open a waterfall spec (File › Open).</source>
        <translation>此项目还没有瀑布图。可用“新建”按钮创建（一个基线方案加若干方案改动步骤），或打开瀑布图规格文件（文件 › 打开）。</translation>
    </message>
    <message>
        <source>Simulating the baseline and every step…</source>
        <translation>正在仿真基线和每个步骤…</translation>
    </message>
    <message>
        <source>Not run yet.</source>
        <translation>尚未运行。</translation>
    </message>
    <message>
        <source>Running…</source>
        <translation>运行中…</translation>
    </message>
    <message>
        <source>The waterfall cannot run: %1</source>
        <translation>瀑布图无法运行：%1</translation>
    </message>
    <message>
        <source>Not run: %1</source>
        <translation>未运行：%1</translation>
    </message>
    <message>
        <source>%1 → %2 days (%3), %4 simulations in %5 s.</source>
        <translation>%1 → %2 天（%3），%4 次仿真，用时 %5 秒。</translation>
    </message>
    <message>
        <source>Shapley attribution is computed for time to train; this chart shows the steps in the order given.</source>
        <translation>Shapley 归因只针对训练时间计算；此图按给定顺序显示各步骤。</translation>
    </message>
    <message>
        <source>New Waterfall</source>
        <translation>新建瀑布图</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>Waterfall %1</source>
        <translation>瀑布图 %1</translation>
    </message>
    <message>
        <source>Rename Waterfall</source>
        <translation>重命名瀑布图</translation>
    </message>
    <message>
        <source>Step %1</source>
        <translation>步骤 %1</translation>
    </message>
    <message>
        <source>Waterfall Step</source>
        <translation>瀑布图步骤</translation>
    </message>
</context>
<context>
    <name>cf::WaterfallMetrics</name>
    <message>
        <source>Step time</source>
        <translation>步时</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>GPU utilisation</source>
        <translation>GPU 利用率</translation>
    </message>
    <message>
        <source>Time to train</source>
        <translation>训练时间</translation>
    </message>
    <message>
        <source>Goodput</source>
        <translation>有效训练时间占比</translation>
    </message>
    <message>
        <source>Run cost</source>
        <translation>运行成本</translation>
    </message>
    <message>
        <source>Step time (s)</source>
        <translation>步时（秒）</translation>
    </message>
    <message>
        <source>MFU (%)</source>
        <translation>MFU（%）</translation>
    </message>
    <message>
        <source>GPU utilisation (%)</source>
        <translation>GPU 利用率（%）</translation>
    </message>
    <message>
        <source>Time to train (days)</source>
        <translation>训练时间（天）</translation>
    </message>
    <message>
        <source>Goodput (%)</source>
        <translation>有效训练时间占比（%）</translation>
    </message>
    <message>
        <source>Run cost (USD)</source>
        <translation>运行成本（美元）</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <source>$%1 M</source>
        <translation>%1 百万美元</translation>
    </message>
    <message>
        <source>+%1 d</source>
        <translation>+%1 天</translation>
    </message>
    <message>
        <source>−%1 d</source>
        <translation>−%1 天</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>Final</source>
        <translation>最终</translation>
    </message>
    <message>
        <source>time to train is the Monte Carlo mean with failures and restarts</source>
        <translation>训练时间为含故障与重启的蒙特卡洛均值</translation>
    </message>
    <message>
        <source>time to train is failure-free (no Monte Carlo)</source>
        <translation>训练时间为无故障时间（未做蒙特卡洛）</translation>
    </message>
    <message>
        <source>Shapley shares average each step over every order of the steps (%1 simulations)</source>
        <translation>Shapley 占比对步骤的所有顺序取平均（%1 次仿真）</translation>
    </message>
    <message>
        <source>shares are of the steps in the order given (%1 simulations)</source>
        <translation>占比按给定的步骤顺序计算（%1 次仿真）</translation>
    </message>
    <message>
        <source>Assumptions: each step applies its changes on top of the steps before it; %1; every scenario draws the same random numbers; %2; shares are of the total change in time to train.</source>
        <translation>假设：每一步在前面各步的基础上应用其改动；%1；每个方案使用相同的随机数；%2；占比指占训练时间总变化的比例。</translation>
    </message>
</context>
<context>
    <name>cf::WaterfallStepDialog</name>
    <message>
        <source>Waterfall Step</source>
        <translation>瀑布图步骤</translation>
    </message>
    <message>
        <source>Scenario keys and their new values, nested or dotted, e.g. {&quot;job.software.overlap_dp&quot;: true}; null restores a key&apos;s default.</source>
        <translation>方案键及其新值，可嵌套或用点号路径，例如 {&quot;job.software.overlap_dp&quot;: true}；null 恢复该键的默认值。</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>Description:</source>
        <translation>说明：</translation>
    </message>
    <message>
        <source>Changes (JSON):</source>
        <translation>改动（JSON）：</translation>
    </message>
</context>
<context>
    <name>cf::RemoveWaterfall</name>
    <message>
        <source>Remove Waterfall</source>
        <translation>删除瀑布图</translation>
    </message>
</context>
<context>
    <name>ScenarioDiff</name>
    <message>
        <source>default</source>
        <translation>默认</translation>
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
        <source>%1 vs %2 days</source>
        <translation>%1 天对 %2 天</translation>
    </message>
    <message>
        <source>%1 trains in about the same time as %2 (%3)</source>
        <translation>%1 的训练时长与 %2 大致相同（%3）</translation>
    </message>
    <message>
        <source>%1 trains in %2 % less time than %3 (%4)</source>
        <translation>%1 的训练时长比 %3 少 %2 %（%4）</translation>
    </message>
    <message>
        <source>%1 takes %2 % longer to train than %3 (%4)</source>
        <translation>%1 的训练时长比 %3 多 %2 %（%4）</translation>
    </message>
    <message>
        <source>TCO %1 vs %2 M USD</source>
        <translation>TCO %1 对 %2 百万美元</translation>
    </message>
    <message>
        <source>costs about the same (%1)</source>
        <translation>成本大致相同（%1）</translation>
    </message>
    <message>
        <source>costs %1 % more (%2)</source>
        <translation>成本高 %1 %（%2）</translation>
    </message>
    <message>
        <source>costs %1 % less (%2)</source>
        <translation>成本低 %1 %（%2）</translation>
    </message>
    <message>
        <source>both are limited by %1</source>
        <translation>两者都受限于%1</translation>
    </message>
    <message>
        <source>the bottleneck moves from %1 to %2</source>
        <translation>瓶颈从%1转移到%2</translation>
    </message>
    <message>
        <source>%1 %2 → %3</source>
        <translation>%1 %2 → %3</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>%1 and %2 more</source>
        <translation>%1 等另外 %2 项</translation>
    </message>
    <message>
        <source>%1; inputs that differ: %2</source>
        <translation>%1；不同的输入：%2</translation>
    </message>
    <message>
        <source>%1 and %2, because %3.</source>
        <translation>%1，%2，原因：%3。</translation>
    </message>
    <message>
        <source>Rack layout</source>
        <translation>机柜布局</translation>
    </message>
    <message>
        <source>%1 racks, %2 parts</source>
        <translation>%1 个机柜，%2 个部件</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>已更改</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message numerus="yes">
        <source>%n entries</source>
        <translation>
            <numerusform>%n 项</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cf::ExampleCatalog</name>
    <message>
        <source>Llama 3 405B on 16,384 H100</source>
        <translation>Llama 3 405B：16,384 卡 H100</translation>
    </message>
    <message>
        <source>Meta&apos;s 54-day run: 419 interruptions, yet above 90 % effective training time. Try checkpoints and spares.</source>
        <translation>Meta 54 天的训练中断 419 次，有效训练时间占比仍高于 90%。试试调整检查点与热备。</translation>
    </message>
    <message>
        <source>10K-card cluster: optics and recovery</source>
        <translation>万卡集群：光模块与故障恢复</translation>
    </message>
    <message>
        <source>Optics fail most; lane fault tolerance and in-memory backup cut recovery from 45 min to 90 s.</source>
        <translation>光模块故障最多；单通道容错与内存热备把 45 分钟的恢复缩短到 90 秒。</translation>
    </message>
    <message>
        <source>BERT-Large on 128 V100</source>
        <translation>BERT-Large：128 卡 V100</translation>
    </message>
    <message>
        <source>E-commerce tuning: bound by data loading before, 3.2x faster after async IO, compression and fused kernels.</source>
        <translation>电商搜索调优：调优前受数据加载瓶颈制约，异步 IO、梯度压缩与算子融合后提速 3.2 倍。</translation>
    </message>
    <message>
        <source>GPT 145.6B on 1,536 A100</source>
        <translation>GPT 145.6B：1,536 卡 A100</translation>
    </message>
    <message>
        <source>Megatron-LM on Selene&apos;s rail-optimised three-level fat-tree; the paper reports 148 TFLOP/s per GPU.</source>
        <translation>Selene 轨道优化（多轨）三层胖树上的 Megatron-LM；论文报告每卡 148 TFLOP/s。</translation>
    </message>
    <message>
        <source>10B model on 1,024 A100: MFU</source>
        <translation>10B 模型：1,024 卡 A100 的 MFU</translation>
    </message>
    <message>
        <source>The seed reports MFU from 28 % to 52 %: which of its software changes the model confirms.</source>
        <translation>种子案例报告 MFU 从 28% 提升到 52%：模型能确认其中哪些软件优化。</translation>
    </message>
    <message>
        <source>Lever waterfall: 10B on A100</source>
        <translation>优化手段瀑布图：A100 上的 10B 模型</translation>
    </message>
    <message>
        <source>The seed&apos;s tuning levers one at a time, as a waterfall of the time to train.</source>
        <translation>逐项施加种子案例的调优手段，以训练时间瀑布图呈现。</translation>
    </message>
    <message>
        <source>Liquid super-node vs air cooling</source>
        <translation>液冷超节点 vs 风冷</translation>
    </message>
    <message>
        <source>GB200 NVL72 in Guiyang against DGX H100 in Shanghai: PUE, energy, carbon and cost per run.</source>
        <translation>贵阳的 GB200 NVL72 对比上海的 DGX H100：PUE、能耗、碳排放与单次训练成本。</translation>
    </message>
    <message>
        <source>Cloud vs on-premises, 5 years</source>
        <translation>云租用 vs 本地部署（五年）</translation>
    </message>
    <message>
        <source>Rent by the hour or buy eight Ascend 910B: the utilisation where owning breaks even.</source>
        <translation>按小时租用还是购买 8 卡昇腾 910B：自有设备盈亏平衡的利用率。</translation>
    </message>
    <message>
        <source>Shared 512-H100 cluster</source>
        <translation>共享的 512 卡 H100 集群</translation>
    </message>
    <message>
        <source>Three teams, one month of jobs: scheduling policies and waiting times (clusterforge-cli schedule).</source>
        <translation>三个团队、一个月的作业：调度策略与等待时间（clusterforge-cli schedule）。</translation>
    </message>
    <message>
        <source>GPT 10B design sweep</source>
        <translation>GPT 10B 设计扫描</translation>
    </message>
    <message>
        <source>48 designs across accelerator, size, fabric, cooling and site; opens the base scenario (run it with clusterforge-cli sweep).</source>
        <translation>加速卡、规模、网络、冷却与地点的 48 种设计；打开其基准方案（用 clusterforge-cli sweep 运行扫描）。</translation>
    </message>
    <message>
        <source>Cannot be read</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>%1 scenarios</source>
        <translation>%1 个方案</translation>
    </message>
    <message>
        <source>Shared cluster: policy x size sweep</source>
        <translation>共享集群：调度策略 × 规模扫描</translation>
    </message>
    <message>
        <source>The shared cluster&apos;s month of jobs under four policies on 48, 64 and 96 nodes: p95 wait against cost; opens the base scenario (run it with clusterforge-cli sweep).</source>
        <translation>共享集群一个月的作业，分别在 48、64 和 96 个节点上用四种调度策略运行：p95 排队等待与成本的权衡；打开基准场景（用 clusterforge-cli sweep 运行）。</translation>
    </message>
</context>
<context>
    <name>cf::WelcomePage</name>
    <message>
        <source>Reading the examples</source>
        <translation>正在读取示例</translation>
    </message>
    <message>
        <source>%1 (missing)</source>
        <translation>%1（缺失）</translation>
    </message>
    <message>
        <source>No recent projects</source>
        <translation>没有最近的项目</translation>
    </message>
    <message>
        <source>Design AI training clusters: racks, fabrics, storage, the job, and what it costs.</source>
        <translation>设计智算集群：机柜、网络、存储、训练作业，以及它的成本。</translation>
    </message>
    <message>
        <source>New from Wizard…</source>
        <translation>用向导新建…</translation>
    </message>
    <message>
        <source>Start a new project from the cluster wizard</source>
        <translation>用集群向导新建项目</translation>
    </message>
    <message>
        <source>Open…</source>
        <translation>打开…</translation>
    </message>
    <message>
        <source>Open a project (.cfproj) or a scenario file (.cf.json)</source>
        <translation>打开项目（.cfproj）或方案文件（.cf.json）</translation>
    </message>
    <message>
        <source>Guided Tour</source>
        <translation>界面导览</translation>
    </message>
    <message>
        <source>A short tour of the main window</source>
        <translation>主窗口的简短导览</translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Recent Projects</source>
        <translation>最近的项目</translation>
    </message>
    <message>
        <source>Show this page at start-up</source>
        <translation>启动时显示此页</translation>
    </message>
    <message>
        <source>Examples</source>
        <translation>示例</translation>
    </message>
    <message>
        <source>Case studies from published runs. A click opens one as an untitled copy; the example file itself is never changed.</source>
        <translation>来自公开训练实例的案例。单击即以未命名副本打开，示例文件本身不会被修改。</translation>
    </message>
</context>
<context>
    <name>cf::GuidedTour</name>
    <message>
        <source>Step %1 of %2</source>
        <translation>第 %1 步，共 %2 步</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>上一步</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>下一步</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
</context>
<context>
    <name>cf::ShortcutsDialog</name>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Search actions, menus or keys</source>
        <translation>搜索操作、菜单或按键</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation>快捷键</translation>
    </message>
    <message>
        <source>Menu</source>
        <translation>菜单</translation>
    </message>
    <message>
        <source>Gathered from the menus of this window: %1 actions with a shortcut.</source>
        <translation>取自本窗口的菜单：共 %1 个带快捷键的操作。</translation>
    </message>
</context>
<context>
    <name>cf::WelcomeController</name>
    <message>
        <source>Project</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Your study: its scenarios and lever waterfalls. Select a scenario to edit it; the menu of the tree adds, duplicates and removes scenarios.</source>
        <translation>你的研究：其中的方案与优化手段瀑布图。选中一个方案即可编辑；树的右键菜单可添加、复制和删除方案。</translation>
    </message>
    <message>
        <source>Parts catalog</source>
        <translation>部件目录</translation>
    </message>
    <message>
        <source>Accelerators, nodes, switches, NICs, cables, cooling, racks and PDUs with their figures. Drag a part into a rack on the Racks tab.</source>
        <translation>加速卡、节点、交换机、网卡、线缆、冷却、机柜和 PDU 及其参数。把部件拖进“机柜”标签页中的机柜。</translation>
    </message>
    <message>
        <source>Editors and results</source>
        <translation>编辑器与结果</translation>
    </message>
    <message>
        <source>The hall, the racks, the job, the fabric and the storage of the selected scenario; the Dashboard, Compare, Waterfall and Sweep tabs show what the design gives.</source>
        <translation>所选方案的机房、机柜、训练作业、网络与存储；仪表板、方案对比、瀑布图和参数扫描标签页展示设计的结果。</translation>
    </message>
    <message>
        <source>Properties</source>
        <translation>属性</translation>
    </message>
    <message>
        <source>Every field of the selected scenario, with its unit. Each edit is one undo step (Ctrl+Z).</source>
        <translation>所选方案的每个字段及其单位。每次编辑都是一个撤销步骤（Ctrl+Z）。</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>What validation finds (F7). Double-click a message to jump to its field.</source>
        <translation>校验发现的问题（F7）。双击消息可跳转到对应字段。</translation>
    </message>
    <message>
        <source>Cluster Wizard</source>
        <translation>集群向导</translation>
    </message>
    <message>
        <source>Generate a whole cluster from a few choices. Help › Welcome brings back the Welcome page, Help › Keyboard Shortcuts lists every shortcut.</source>
        <translation>只需几个选择即可生成整个集群。“帮助 › 欢迎”回到欢迎页，“帮助 › 键盘快捷键”列出所有快捷键。</translation>
    </message>
    <message>
        <source>&amp;Welcome</source>
        <translation>欢迎(&amp;W)</translation>
    </message>
    <message>
        <source>Recent projects, the examples, the wizard and a guided tour</source>
        <translation>最近的项目、示例、向导和界面导览</translation>
    </message>
    <message>
        <source>Guided &amp;Tour</source>
        <translation>界面导览(&amp;T)</translation>
    </message>
    <message>
        <source>A short tour of the docks and tabs of this window</source>
        <translation>本窗口停靠面板与标签页的简短导览</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts…</source>
        <translation>键盘快捷键(&amp;K)…</translation>
    </message>
    <message>
        <source>Every action with a shortcut, gathered from the menus</source>
        <translation>取自菜单的所有带快捷键的操作</translation>
    </message>
</context>
<context>
    <name>cf::WorkloadPage</name>
    <message>
        <source>Reading the trace</source>
        <translation>正在读取 Trace</translation>
    </message>
    <message numerus="yes">
        <source>Trace %1: %Ln job(s) added to the workload.</source>
        <translation>
            <numerusform>Trace %1：已向工作负载添加 %Ln 个作业。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln listed</source>
        <translation>
            <numerusform>列出 %Ln 个</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %Ln job(s) will be scheduled with the workload&apos;s own classes. Choose “Trace replay” to start each job when the trace started it.</source>
        <translation>
            <numerusform>%1：将与工作负载自身的类别一起调度 %Ln 个作业。选择“Trace 回放”可让每个作业按 Trace 中的时间开始。</numerusform>
        </translation>
    </message>
    <message>
        <source>Job classes: each arrives as a process of its own; a class gives a run time or a model trained on a number of tokens (the performance model then times it for its placement).</source>
        <translation>作业类别：每类按各自的到达过程提交；一个类别给出运行时长，或给出模型与训练 token 数（此时由性能模型按作业获得的放置计算时长）。</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Team</source>
        <translation>团队</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Run time (h)</source>
        <translation>运行时长（小时）</translation>
    </message>
    <message>
        <source>Arrivals per hour</source>
        <translation>每小时到达数</translation>
    </message>
    <message>
        <source>Max jobs</source>
        <translation>最多作业数</translation>
    </message>
    <message>
        <source>Priority</source>
        <translation>优先级</translation>
    </message>
    <message>
        <source>Deadline (h)</source>
        <translation>截止时间（小时）</translation>
    </message>
    <message>
        <source>Add Class</source>
        <translation>添加类别</translation>
    </message>
    <message>
        <source>Remove Class</source>
        <translation>删除类别</translation>
    </message>
    <message>
        <source>Horizon (h)</source>
        <translation>时间范围（小时）</translation>
    </message>
    <message>
        <source>Import Trace…</source>
        <translation>导入 Trace…</translation>
    </message>
    <message>
        <source>Remove Trace</source>
        <translation>移除 Trace</translation>
    </message>
    <message>
        <source>Policy</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>Placement</source>
        <translation>放置</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>Draw failures from the reliability model</source>
        <translation>按可靠性模型抽取故障</translation>
    </message>
    <message>
        <source>Compare the four policies</source>
        <translation>对比四种策略</translation>
    </message>
    <message>
        <source>Run Scheduler</source>
        <translation>运行调度器</translation>
    </message>
    <message>
        <source>Utilisation</source>
        <translation>利用率</translation>
    </message>
    <message>
        <source>Idle GPUs</source>
        <translation>空闲 GPU</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>Teams</source>
        <translation>团队</translation>
    </message>
    <message>
        <source>Policies</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>作业数</translation>
    </message>
    <message>
        <source>Wait p50 (h)</source>
        <translation>等待 p50（小时）</translation>
    </message>
    <message>
        <source>Wait p95 (h)</source>
        <translation>等待 p95（小时）</translation>
    </message>
    <message>
        <source>JCT p50 (h)</source>
        <translation>完成时间 p50（小时）</translation>
    </message>
    <message>
        <source>JCT p95 (h)</source>
        <translation>完成时间 p95（小时）</translation>
    </message>
    <message>
        <source>Goodput</source>
        <translation>有效产出率</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>Fragmentation (GPU-h)</source>
        <translation>碎片（GPU·小时）</translation>
    </message>
    <message>
        <source>Unfinished</source>
        <translation>未完成</translation>
    </message>
    <message>
        <source>No trace imported. Traces: Alibaba PAI GPU 2020 (pai_job_table.csv and pai_task_table.csv) or Microsoft Philly (cluster_job_log).</source>
        <translation>未导入 Trace。支持：阿里巴巴 PAI GPU 2020（pai_job_table.csv 与 pai_task_table.csv）或微软 Philly（cluster_job_log）。</translation>
    </message>
    <message>
        <source>Run the scheduler to see how the cluster serves this workload.</source>
        <translation>运行调度器，查看集群如何承载此工作负载。</translation>
    </message>
    <message>
        <source>Workload of %1</source>
        <translation>%1 的工作负载</translation>
    </message>
    <message>
        <source>model, %1 T tokens</source>
        <translation>模型，%1 T token</translation>
    </message>
    <message>
        <source>The workload cannot be scheduled: %1</source>
        <translation>无法调度此工作负载：%1</translation>
    </message>
    <message>
        <source>“%1” is not a valid value for %2</source>
        <translation>“%1”不是 %2 的有效值</translation>
    </message>
    <message>
        <source>Trace read: %1 jobs kept of %2 rows, %3 skipped (no GPUs or never finished).</source>
        <translation>已读取 Trace：%2 行中保留 %1 个作业，跳过 %3 个（无 GPU 或未结束）。</translation>
    </message>
    <message>
        <source>Alibaba PAI GPU trace 2020 (pai_job_table.csv)</source>
        <translation>阿里巴巴 PAI GPU Trace 2020（pai_job_table.csv）</translation>
    </message>
    <message>
        <source>Microsoft Philly (cluster_job_log)</source>
        <translation>微软 Philly（cluster_job_log）</translation>
    </message>
    <message>
        <source>Import Trace</source>
        <translation>导入 Trace</translation>
    </message>
    <message>
        <source>Trace format</source>
        <translation>Trace 格式</translation>
    </message>
    <message>
        <source>Alibaba job table (*.csv)</source>
        <translation>阿里巴巴作业表 (*.csv)</translation>
    </message>
    <message>
        <source>Philly job log (*)</source>
        <translation>Philly 作业日志 (*)</translation>
    </message>
    <message>
        <source>The trace was not imported:
%1</source>
        <translation>未导入 Trace：
%1</translation>
    </message>
    <message>
        <source>The scheduler did not run: %1</source>
        <translation>调度器未运行：%1</translation>
    </message>
    <message>
        <source>Simulated in %1 s. Run times come from each class&apos;s duration or from the performance model for the placement a job gets; failures from the reliability model&apos;s rates for the cluster&apos;s parts.</source>
        <translation>模拟用时 %1 秒。运行时长来自各类别给定的时长，或由性能模型按作业获得的放置计算；故障来自可靠性模型对集群部件的故障率。</translation>
    </message>
    <message>
        <source>GPU utilisation over time</source>
        <translation>GPU 利用率随时间变化</translation>
    </message>
    <message>
        <source>Computing</source>
        <translation>计算中</translation>
    </message>
    <message>
        <source>Allocated</source>
        <translation>已分配</translation>
    </message>
    <message>
        <source>Time (h)</source>
        <translation>时间（小时）</translation>
    </message>
    <message>
        <source>Share of GPUs (%)</source>
        <translation>GPU 占比（%）</translation>
    </message>
    <message>
        <source>Jobs waiting</source>
        <translation>等待中的作业</translation>
    </message>
    <message>
        <source>Queued jobs (mean per bin)</source>
        <translation>排队作业数（区间均值）</translation>
    </message>
    <message>
        <source>Idle GPU-hours by cause</source>
        <translation>按原因划分的空闲 GPU·小时</translation>
    </message>
    <message>
        <source>Idle GPU-hours</source>
        <translation>空闲 GPU·小时</translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation>GPU·小时</translation>
    </message>
    <message>
        <source>%1: %2 GPUs, %3 interruption(s)</source>
        <translation>%1：%2 块 GPU，中断 %3 次</translation>
    </message>
    <message>
        <source>Jobs by start (the %1 largest of %2 by GPU-hours), coloured by team</source>
        <translation>按开始时间排列的作业（%2 个中 GPU·小时最多的 %1 个），按团队着色</translation>
    </message>
    <message>
        <source>Jobs by start, coloured by team</source>
        <translation>按开始时间排列的作业，按团队着色</translation>
    </message>
    <message>
        <source>No job started.</source>
        <translation>没有作业开始运行。</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>作业</translation>
    </message>
    <message>
        <source>Interrupted by a failure</source>
        <translation>因故障中断</translation>
    </message>
    <message>
        <source>Target p95 wait</source>
        <translation>目标 p95 等待</translation>
    </message>
    <message>
        <source> h</source>
        <translation> 小时</translation>
    </message>
    <message>
        <source>Smallest Cluster</source>
        <translation>最小集群</translation>
    </message>
    <message>
        <source>The fewest nodes (up to the scenario&apos;s) whose p95 queue wait is at most the target, with the same jobs and failures at every size</source>
        <translation>p95 排队等待不超过目标的最少节点数（不超过场景自身的节点数），每种规模使用相同的作业和故障</translation>
    </message>
    <message>
        <source>Searching for the smallest cluster…</source>
        <translation>正在搜索最小集群…</translation>
    </message>
    <message>
        <source>Link contention</source>
        <translation>链路争用</translation>
    </message>
    <message>
        <source>None (each job as if its leaves were full)</source>
        <translation>无（每个作业按其叶交换机满载计）</translation>
    </message>
    <message>
        <source>Leaf uplinks shared by running jobs</source>
        <translation>运行中的作业共享叶交换机上行链路</translation>
    </message>
    <message>
        <source>None: a job crossing leaves is charged the leaves&apos; whole oversubscription, whatever else runs. Leaf uplinks: jobs that cross the same leaves share their uplinks max-min fairly, and each job&apos;s run time follows its share as jobs start and finish.</source>
        <translation>无：跨叶交换机的作业无论其他作业是否在运行，都按叶交换机的全部收敛比计。叶交换机上行链路：跨越相同叶交换机的作业按最大最小公平共享其上行链路，每个作业的运行时间随作业的启动与结束按其份额变化。</translation>
    </message>
</context>
<context>
    <name>cf::ScheduleRunner</name>
    <message>
        <source>Scheduling the workload of scenario %1</source>
        <translation>正在调度方案 %1 的作业负载</translation>
    </message>
    <message>
        <source>This scenario has no workload: add a job class or import a trace.</source>
        <translation>此方案没有工作负载：请添加作业类别或导入 Trace。</translation>
    </message>
</context>
<context>
    <name>cf::ScheduleFigures</name>
    <message>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>Offered load %1 (failure-free GPU-hours submitted ÷ GPU-hours of the horizon); at the horizon %2 jobs unfinished, %3 of them queued.</source>
        <translation>提交负载 %1（提交的无故障 GPU 小时 ÷ 时段内的 GPU 小时）；到时段末 %2 个作业未完成，其中 %3 个在排队。</translation>
    </message>
    <message>
        <source>The cluster cannot keep up (offered load above 1): the queue grows over the horizon, and waits, costs and utilisation depend on how long the run drains.</source>
        <translation>集群跟不上（提交负载大于 1）：队列在时段内不断增长，等待、成本与利用率取决于排空所需的时间。</translation>
    </message>
    <message>
        <source>Queue wait p50 %1 h, p95 %2 h (every wait, requeues included: p95 %3 h); job completion p50 %4 h, p95 %5 h; %6 failures hit jobs %7 times, %8 preemptions.</source>
        <translation>排队等待 p50 %1 小时，p95 %2 小时（含重新排队的全部等待：p95 %3 小时）；作业完成时间 p50 %4 小时，p95 %5 小时；%6 次故障中断作业 %7 次，%8 次抢占。</translation>
    </message>
    <message>
        <source>Goodput %1 of the finished jobs&apos; GPU-hours (per job: mean %2); the cluster&apos;s %3 of its GPU-hours.</source>
        <translation>有效训练时间占已完成作业 GPU 小时的 %1（按作业平均 %2）；占集群 GPU 小时的 %3。</translation>
    </message>
    <message>
        <source>Goodput n/a (no job finished).</source>
        <translation>有效训练时间占比：不适用（没有作业完成）。</translation>
    </message>
    <message>
        <source>Energy %1 MWh at the facility over %4 h (PUE %2; idle GPUs drew %3 MWh of IT energy).</source>
        <translation>%4 小时内设施能耗 %1 MWh（PUE %2；空闲 GPU 消耗 IT 能耗 %3 MWh）。</translation>
    </message>
    <message>
        <source>Cost over %1 h (the horizon extended to the drain) at %2 per GPU-hour: jobs %3 + idle %4 = cluster %5.</source>
        <translation>%1 小时（时段延长至排空）的成本，按每 GPU 小时 %2 计：作业 %3 + 空闲 %4 = 集群 %5。</translation>
    </message>
    <message>
        <source>Cost over %1 h at %2 per GPU-hour: jobs %3 + idle %4 = cluster %5.</source>
        <translation>%1 小时的成本，按每 GPU 小时 %2 计：作业 %3 + 空闲 %4 = 集群 %5。</translation>
    </message>
    <message>
        <source>Queue empty</source>
        <translation>队列为空</translation>
    </message>
    <message>
        <source>Blocked by policy or quota</source>
        <translation>受策略或配额阻挡</translation>
    </message>
    <message>
        <source>Fragmentation</source>
        <translation>碎片</translation>
    </message>
    <message>
        <source>Restarting after failure</source>
        <translation>故障后重启中</translation>
    </message>
    <message>
        <source>Nodes in repair</source>
        <translation>节点维修中</translation>
    </message>
    <message>
        <source>FIFO</source>
        <translation>先来先服务（FIFO）</translation>
    </message>
    <message>
        <source>EASY backfill</source>
        <translation>EASY 回填</translation>
    </message>
    <message>
        <source>Priority with preemption</source>
        <translation>优先级（可抢占）</translation>
    </message>
    <message>
        <source>Fair share</source>
        <translation>公平共享</translation>
    </message>
    <message>
        <source>Trace replay</source>
        <translation>Trace 回放</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>%1 M USD</source>
        <translation>%1 百万美元</translation>
    </message>
    <message>
        <source>%1 USD</source>
        <translation>%1 美元</translation>
    </message>
    <message>
        <source>Pack within leaf and pod</source>
        <translation>在叶交换机和 Pod 内紧凑放置</translation>
    </message>
    <message>
        <source>First fit</source>
        <translation>首次适配</translation>
    </message>
    <message>
        <source>Spread over leaves</source>
        <translation>分散到各叶交换机</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;, %2, %3 GPUs, %4 h: utilisation &lt;b&gt;%5&lt;/b&gt; (GPUs allocated %6); %7 of %8 jobs completed, %9 unfinished.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;，%2，%3 块 GPU，%4 小时：利用率 &lt;b&gt;%5&lt;/b&gt;（GPU 分配率 %6）；%8 个作业中完成 %7 个，未完成 %9 个。</translation>
    </message>
    <message>
        <source>Queue wait p50 %1 h, p95 %2 h; job completion p50 %3 h, p95 %4 h; goodput (mean per job) %5; %6 failures hit jobs %7 times, %8 preemptions.</source>
        <translation>排队等待 p50 %1 小时、p95 %2 小时；作业完成时间 p50 %3 小时、p95 %4 小时；有效产出率（作业均值）%5；%6 次故障共中断作业 %7 次，抢占 %8 次。</translation>
    </message>
    <message>
        <source>Energy %1 MWh at the facility (PUE %2; idle GPUs drew %3 MWh of IT energy); jobs cost %4, idle capacity %5 (at %6 per GPU-hour).</source>
        <translation>设施能耗 %1 MWh（PUE %2；空闲 GPU 消耗 IT 能耗 %3 MWh）；作业成本 %4，空闲容量成本 %5（每 GPU·小时 %6）。</translation>
    </message>
    <message>
        <source>No cluster size up to the scenario&apos;s %1 nodes fits the workload&apos;s largest job.</source>
        <translation>在场景的 %1 个节点以内，没有任何集群规模能容纳工作负载中最大的作业。</translation>
    </message>
    <message>
        <source>Even the scenario&apos;s %1 nodes miss a p95 wait of %2 h: p95 wait %3 h there.</source>
        <translation>即使使用场景的 %1 个节点，也达不到 %2 小时的 p95 等待：该规模下 p95 等待为 %3 小时。</translation>
    </message>
    <message>
        <source>Smallest cluster with a p95 wait of at most %1 h: %2 nodes (%3 GPUs), p95 wait %4 h. Sizes tried: %5.</source>
        <translation>p95 等待不超过 %1 小时的最小集群：%2 个节点（%3 个 GPU），p95 等待 %4 小时。尝试的规模数：%5。</translation>
    </message>
</context>
<context>
    <name>cf::PresenterNotes</name>
    <message>
        <source>ClusterForge — Presenter notes</source>
        <translation>ClusterForge — 演讲者备注</translation>
    </message>
    <message>
        <source>No notes for this step.</source>
        <translation>这一步没有备注。</translation>
    </message>
    <message>
        <source>Next: the lesson overview</source>
        <translation>下一页：课程列表</translation>
    </message>
    <message>
        <source>Next: %1</source>
        <translation>下一页：%1</translation>
    </message>
</context>
<context>
    <name>CompareCharts</name>
    <message>
        <source>Not simulated yet.</source>
        <translation>尚未仿真。</translation>
    </message>
    <message>
        <source>Step time breakdown by scenario</source>
        <translation>各方案步时间分解</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>TCO against time to train</source>
        <translation>TCO 与训练时长</translation>
    </message>
    <message>
        <source>time to train, mean (days)</source>
        <translation>训练时长均值（天）</translation>
    </message>
    <message>
        <source>TCO (million USD)</source>
        <translation>TCO（百万美元）</translation>
    </message>
    <message>
        <source>Time to train by scenario</source>
        <translation>各方案训练时长</translation>
    </message>
    <message>
        <source>failure-free</source>
        <translation>无故障</translation>
    </message>
    <message>
        <source>mean, with failures</source>
        <translation>均值，含故障</translation>
    </message>
    <message>
        <source>p95, with failures</source>
        <translation>p95，含故障</translation>
    </message>
    <message>
        <source>days</source>
        <translation>天</translation>
    </message>
    <message>
        <source>Cost by scenario</source>
        <translation>各方案成本</translation>
    </message>
    <message>
        <source>CAPEX</source>
        <translation>资本支出（CAPEX）</translation>
    </message>
    <message>
        <source>TCO</source>
        <translation>总拥有成本（TCO）</translation>
    </message>
    <message>
        <source>Cost of the run</source>
        <translation>单次训练成本</translation>
    </message>
    <message>
        <source>million USD</source>
        <translation>百万美元</translation>
    </message>
</context>
<context>
    <name>cf::FabricInspector</name>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Scale-up switch</source>
        <translation>纵向扩展交换机</translation>
    </message>
    <message>
        <source>Leaf switch</source>
        <translation>Leaf 交换机</translation>
    </message>
    <message>
        <source>Spine switch</source>
        <translation>Spine 交换机</translation>
    </message>
    <message>
        <source>Core switch</source>
        <translation>Core 交换机</translation>
    </message>
    <message>
        <source>Router</source>
        <translation>路由器</translation>
    </message>
    <message>
        <source>scale-up</source>
        <translation>纵向扩展</translation>
    </message>
    <message>
        <source>access</source>
        <translation>接入</translation>
    </message>
    <message>
        <source>fabric</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>no simulation result yet</source>
        <translation>尚无仿真结果</translation>
    </message>
    <message>
        <source>flow simulation</source>
        <translation>流级仿真</translation>
    </message>
    <message>
        <source>analytical model</source>
        <translation>解析模型</translation>
    </message>
    <message>
        <source>Ends</source>
        <translation>端点</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Plane</source>
        <translation>平面</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>容量</translation>
    </message>
    <message>
        <source>%1 Gb/s per direction</source>
        <translation>每方向 %1 Gb/s</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>长度</translation>
    </message>
    <message>
        <source>%1 m</source>
        <translation>%1 米</translation>
    </message>
    <message>
        <source>not placed</source>
        <translation>未布放</translation>
    </message>
    <message>
        <source>Medium</source>
        <translation>介质</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source> + %1 × %2</source>
        <translation> + %1 × %2</translation>
    </message>
    <message>
        <source>Part</source>
        <translation>部件</translation>
    </message>
    <message>
        <source> (estimated)</source>
        <translation>（估算）</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>价格</translation>
    </message>
    <message>
        <source>%1 USD</source>
        <translation>%1 美元</translation>
    </message>
    <message>
        <source>Power</source>
        <translation>功耗</translation>
    </message>
    <message>
        <source>%1 W</source>
        <translation>%1 W</translation>
    </message>
    <message>
        <source>inside the node or rack system (priced with it)</source>
        <translation>在节点或整机柜系统内（随其计价）</translation>
    </message>
    <message>
        <source>none chosen (not placed)</source>
        <translation>未选择（未布放）</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Link %1&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;链路 %1&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>&lt;h4&gt;Load (%1)&lt;/h4&gt;</source>
        <translation>&lt;h4&gt;负载（%1）&lt;/h4&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Run the simulation to see the load.&lt;/p&gt;</source>
        <translation>&lt;p&gt;运行仿真后可查看负载。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h4&gt;Flows through it (collectives)&lt;/h4&gt;</source>
        <translation>&lt;h4&gt;经过的流（集合通信）&lt;/h4&gt;</translation>
    </message>
    <message>
        <source>&lt;h4&gt;Traffic through it (parallel dimensions)&lt;/h4&gt;</source>
        <translation>&lt;h4&gt;经过的流量（并行维度）&lt;/h4&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;None: the link is idle during the step.&lt;/p&gt;</source>
        <translation>&lt;p&gt;无：该链路在整个训练步中空闲。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>%1 ↑  %2 ↓</source>
        <translation>%1 ↑  %2 ↓</translation>
    </message>
    <message>
        <source>Tier</source>
        <translation>层</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>组</translation>
    </message>
    <message>
        <source>Rack</source>
        <translation>机柜</translation>
    </message>
    <message>
        <source>Ports in use</source>
        <translation>已用端口</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Sent, mean over its links</source>
        <translation>发送（各链路平均）</translation>
    </message>
    <message>
        <source>Received, mean over its links</source>
        <translation>接收（各链路平均）</translation>
    </message>
    <message>
        <source>Busiest link</source>
        <translation>最繁忙链路</translation>
    </message>
    <message>
        <source>%1 (link %2 to %3)</source>
        <translation>%1（链路 %2，至 %3）</translation>
    </message>
    <message>
        <source>%1 → %2 (%3)</source>
        <translation>%1 → %2（%3）</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Path %1 → %2&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;路径 %1 → %2&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;%1 hops (a shortest path, breadth-first):&lt;/p&gt;</source>
        <translation>&lt;p&gt;%1 跳（最短路径，广度优先）：&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>cf::SimulationRunner</name>
    <message>
        <source>Simulating scenario %1</source>
        <translation>正在仿真方案 %1</translation>
    </message>
    <message>
        <source>Estimating scenario %1</source>
        <translation>正在估算方案 %1</translation>
    </message>
</context>
<context>
    <name>cf::WaterfallRunner</name>
    <message>
        <source>Waterfall %1</source>
        <translation>瀑布图 %1</translation>
    </message>
</context>
<context>
    <name>cf::PolicyComparison</name>
    <message>
        <source>No compared scenario has a workload: add job classes in the Workload tab to compare the scheduling policies.</source>
        <translation>所比较的场景都没有工作负载：在“工作负载”标签页中添加作业类别，即可比较调度策略。</translation>
    </message>
    <message>
        <source>Each scenario&apos;s workload under the four queueing policies (packed placement, seed 1; the same jobs and failures for every policy), computed as in the Workload tab and the report. The best of each row is in bold.</source>
        <translation>各场景的工作负载在四种排队策略下的结果（紧凑放置，种子 1；每种策略使用相同的作业和故障），计算方式与“工作负载”标签页和报告相同。每行最优值以粗体显示。</translation>
    </message>
    <message>
        <source>%1: Utilisation</source>
        <translation>%1：利用率</translation>
    </message>
    <message>
        <source>%1: Wait p95 (h)</source>
        <translation>%1：等待 p95（小时）</translation>
    </message>
    <message>
        <source>%1: Goodput</source>
        <translation>%1：有效产出率</translation>
    </message>
    <message>
        <source>Scheduling…</source>
        <translation>正在调度…</translation>
    </message>
    <message>
        <source>Not scheduled: %1</source>
        <translation>未调度：%1</translation>
    </message>
</context>
<context>
    <name>cf::FabricItem</name>
    <message>
        <source>Plane %1</source>
        <translation>平面 %1</translation>
    </message>
    <message>
        <source>Group %1</source>
        <translation>组 %1</translation>
    </message>
    <message>
        <source>Layer %1</source>
        <translation>层 %1</translation>
    </message>
    <message>
        <source>Rail %1</source>
        <translation>轨道 %1</translation>
    </message>
</context>
<context>
    <name>UncertaintyText</name>
    <message>
        <source>Step time</source>
        <translation>步时间</translation>
    </message>
    <message>
        <source>Time to train, with failures</source>
        <translation>训练时长（含故障）</translation>
    </message>
    <message>
        <source>Goodput (ETTR)</source>
        <translation>有效训练时间占比（ETTR）</translation>
    </message>
    <message>
        <source>IT power</source>
        <translation>IT 功率</translation>
    </message>
    <message>
        <source>Facility power</source>
        <translation>设施功率</translation>
    </message>
    <message>
        <source>PUE</source>
        <translation>PUE</translation>
    </message>
    <message>
        <source>CAPEX</source>
        <translation>CAPEX</translation>
    </message>
    <message>
        <source>TCO</source>
        <translation>TCO</translation>
    </message>
    <message>
        <source>Cost per GPU-hour</source>
        <translation>每 GPU 小时成本</translation>
    </message>
    <message>
        <source>Cost of the run</source>
        <translation>单次训练成本</translation>
    </message>
    <message>
        <source>Cost per million tokens</source>
        <translation>每百万 Token 成本</translation>
    </message>
    <message>
        <source>s</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>days</source>
        <translation>天</translation>
    </message>
    <message>
        <source>%</source>
        <translation>%</translation>
    </message>
    <message>
        <source>kW</source>
        <translation>kW</translation>
    </message>
    <message>
        <source>M USD</source>
        <translation>百万美元</translation>
    </message>
    <message>
        <source>USD</source>
        <translation>美元</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>p5–p95: %1</source>
        <translation>p5–p95：%1</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>GPU price</source>
        <translation>GPU 价格</translation>
    </message>
    <message>
        <source>GEMM efficiency of the GPU</source>
        <translation>GPU 的 GEMM 效率</translation>
    </message>
    <message>
        <source>GPU annual failure rate</source>
        <translation>GPU 年故障率</translation>
    </message>
    <message>
        <source>GPU idle power</source>
        <translation>GPU 空闲功率</translation>
    </message>
    <message>
        <source>Step-time model error</source>
        <translation>步时间模型误差</translation>
    </message>
    <message>
        <source>Electricity price</source>
        <translation>电价</translation>
    </message>
    <message>
        <source>PUE of the facility</source>
        <translation>设施 PUE</translation>
    </message>
    <message>
        <source>the scenario&apos;s range</source>
        <translation>方案中给定的范围</translation>
    </message>
    <message>
        <source>assumed: street prices vary about ±25 % with volume and year (%1: the catalog marks it as an estimate)</source>
        <translation>假设：实际售价随采购量和年份浮动约 ±25 %（%1：目录标注为估计值）</translation>
    </message>
    <message>
        <source>assumed: ±7 % on large-GEMM efficiency without a published figure (%1: the catalog marks it as an estimate)</source>
        <translation>假设：无公开数据时，大矩阵乘（GEMM）效率 ±7 %（%1：目录标注为估计值）</translation>
    </message>
    <message>
        <source>assumed: failure rates without field data known to a factor 2 (%1: the catalog marks it as an estimate)</source>
        <translation>假设：无现场数据的故障率只能确定到 2 倍以内（%1：目录标注为估计值）</translation>
    </message>
    <message>
        <source>assumed: ±25 % on idle power without a datasheet figure (%1: the catalog marks it as an estimate)</source>
        <translation>假设：无规格书数据时，空闲功率 ±25 %（%1：目录标注为估计值）</translation>
    </message>
    <message>
        <source>held-out training-step errors of validate-models (docs/validation.md)</source>
        <translation>validate-models 留出训练步的误差（docs/validation.md）</translation>
    </message>
    <message>
        <source>uniform</source>
        <translation>均匀分布</translation>
    </message>
    <message>
        <source>triangular</source>
        <translation>三角分布</translation>
    </message>
    <message>
        <source>normal</source>
        <translation>正态分布</translation>
    </message>
    <message>
        <source>lognormal</source>
        <translation>对数正态分布</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>%1 beats %2 in %3 of samples.</source>
        <translation>%1 在 %3 的样本中优于 %2。</translation>
    </message>
    <message>
        <source>%1 is best in %2 of samples.</source>
        <translation>%1 在 %2 的样本中最优。</translation>
    </message>
    <message>
        <source>%1 Latin-hypercube samples per scenario, seed %2, computed in %3 s; the same samples of shared inputs for every design (common random numbers).</source>
        <translation>每个方案 %1 个拉丁超立方样本，随机种子 %2，用时 %3 秒；各方案共享输入取相同样本（公共随机数）。</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>每 GPU 显存</translation>
    </message>
    <message>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <source>Failure-rate model error</source>
        <translation>故障率模型误差</translation>
    </message>
    <message>
        <source>Memory model error</source>
        <translation>显存模型误差</translation>
    </message>
    <message>
        <source>held-out fleet failure rates of validate-models: RSC-1, RSC-2, OPT-175B (docs/validation.md)</source>
        <translation>validate-models 留出集群的故障率：RSC-1、RSC-2、OPT-175B（docs/validation.md）</translation>
    </message>
    <message>
        <source>held-out memory-per-GPU measurements of validate-models (docs/validation.md)</source>
        <translation>validate-models 留出的每 GPU 显存实测值（docs/validation.md）</translation>
    </message>
</context>
<context>
    <name>cf::UncertaintyView</name>
    <message>
        <source>Figure:</source>
        <translation>指标：</translation>
    </message>
    <message>
        <source>Samples:</source>
        <translation>样本数：</translation>
    </message>
    <message>
        <source>Latin-hypercube samples per scenario: more give steadier bands and take longer</source>
        <translation>每个方案的拉丁超立方样本数：越多区间越稳定，耗时也越长</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Propagate the uncertain inputs of every scenario (in the background)</source>
        <translation>在后台将每个方案的不确定输入传播到结果</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Tornado</source>
        <translation>龙卷风图</translation>
    </message>
    <message>
        <source>Which design is best</source>
        <translation>哪个方案最优</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Updating: propagating the uncertain inputs of every scenario…</source>
        <translation>正在更新：传播每个方案的不确定输入…</translation>
    </message>
    <message>
        <source>Not computed: %1</source>
        <translation>未能计算：%1</translation>
    </message>
    <message>
        <source>Out of date: the design changed after the last run. Press Run to compute the bands again.</source>
        <translation>已过期：上次运行后设计已更改。按“运行”重新计算区间。</translation>
    </message>
    <message>
        <source>Not computed yet. Run propagates the estimated inputs (catalog estimates, the model&apos;s own error and the scenario&apos;s &quot;uncertainty&quot; ranges) through the engine; it takes a few seconds.</source>
        <translation>尚未计算。“运行”会把估计的输入（目录中的估计值、模型自身误差和方案中 uncertainty 给定的范围）传入仿真引擎，需要几秒钟。</translation>
    </message>
    <message>
        <source>p50 (p5 – p95)</source>
        <translation>p50（p5 – p95）</translation>
    </message>
    <message>
        <source>%1  (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Design as drawn: %1</source>
        <translation>当前设计：%1</translation>
    </message>
    <message>
        <source>No result for this scenario.</source>
        <translation>此方案没有结果。</translation>
    </message>
    <message>
        <source>No uncertainty result for the design as it is now.</source>
        <translation>当前设计还没有不确定性结果。</translation>
    </message>
    <message>
        <source>This scenario has no uncertain input.</source>
        <translation>此方案没有不确定输入。</translation>
    </message>
    <message>
        <source>%1: what each input alone does (%2)</source>
        <translation>%1：各输入单独变化的影响（%2）</translation>
    </message>
    <message>
        <source>Input at its low end</source>
        <translation>输入取下限</translation>
    </message>
    <message>
        <source>Input at its high end</source>
        <translation>输入取上限</translation>
    </message>
    <message>
        <source>Add a scenario to see which design is best under uncertainty.</source>
        <translation>添加一个方案，查看不确定性下哪个方案最优。</translation>
    </message>
    <message>
        <source>Design</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>Chance best</source>
        <translation>最优概率</translation>
    </message>
    <message>
        <source>Expected regret</source>
        <translation>期望遗憾</translation>
    </message>
    <message>
        <source>Share of the samples in which this design is best on %1</source>
        <translation>此方案在%1上最优的样本占比</translation>
    </message>
    <message>
        <source>Mean of how much worse than the best design of each sample this one is, in %1</source>
        <translation>每个样本中此方案比最优方案差多少的平均值，单位：%1</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>On %1 (%2 is better): %3</source>
        <translation>按%1（越%2越好）：%3</translation>
    </message>
    <message>
        <source>lower</source>
        <translation>低</translation>
    </message>
    <message>
        <source>higher</source>
        <translation>高</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Range</source>
        <translation>范围</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>分布</translation>
    </message>
    <message>
        <source>Design as drawn</source>
        <translation>当前设计</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>%1; fits in %2 of samples</source>
        <translation>%1；%2 的样本可装入显存</translation>
    </message>
</context>
<context>
    <name>cf::UncertaintyRunner</name>
    <message>
        <source>Uncertainty: %1 samples per scenario</source>
        <translation>不确定性分析：每个方案 %1 个样本</translation>
    </message>
</context>
<context>
    <name>LayoutNames</name>
    <message>
        <source>Hall %1</source>
        <translation>机房 %1</translation>
    </message>
    <message>
        <source>Row %1</source>
        <translation>机柜列 %1</translation>
    </message>
    <message>
        <source>Network row %1</source>
        <translation>网络机柜列 %1</translation>
    </message>
    <message>
        <source>Storage row %1</source>
        <translation>存储机柜列 %1</translation>
    </message>
</context>
<context>
    <name>cf::GeneratedName</name>
    <message>
        <source>%1 x %2, %3 %4-tier, %5</source>
        <translation>%1 × %2，%3 %4 层，%5</translation>
    </message>
    <message>
        <source>fat-tree</source>
        <translation>胖树</translation>
    </message>
    <message>
        <source>spine-leaf</source>
        <translation>叶脊</translation>
    </message>
    <message>
        <source>rail-optimized</source>
        <translation>轨道优化</translation>
    </message>
    <message>
        <source>dragonfly</source>
        <translation>蜻蜓</translation>
    </message>
    <message>
        <source>torus</source>
        <translation>环面</translation>
    </message>
    <message>
        <source>air</source>
        <translation>风冷</translation>
    </message>
    <message>
        <source>rear-door</source>
        <translation>背门换热</translation>
    </message>
    <message>
        <source>direct-liquid</source>
        <translation>冷板液冷</translation>
    </message>
    <message>
        <source>immersion</source>
        <translation>浸没液冷</translation>
    </message>
    <message>
        <source>Generated by the cluster wizard.</source>
        <translation>由集群向导生成。</translation>
    </message>
</context>
<context>
    <name>cf::PartKinds</name>
    <message>
        <source>Transceiver</source>
        <translation>光模块</translation>
    </message>
    <message>
        <source>DAC copper cable</source>
        <translation>DAC 铜缆</translation>
    </message>
    <message>
        <source>Active electrical cable</source>
        <translation>有源电缆（AEC）</translation>
    </message>
    <message>
        <source>Active optical cable</source>
        <translation>有源光缆（AOC）</translation>
    </message>
    <message>
        <source>Fibre</source>
        <translation>光纤</translation>
    </message>
</context>
</TS>
